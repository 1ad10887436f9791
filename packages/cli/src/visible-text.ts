/**
 * Control characters (but line feeds and tabs) and the Unicode bidirectional controls,
 * shown as `\u{…}` escapes. Text from a model, an MCP server or a tool argument reaches
 * the terminal through a question; written raw, an escape sequence could erase or
 * rewrite what the person reads before answering.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const hidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function visibleText(text: string): string {
  return text.replace(hidden, (character) => `\\u{${(character.codePointAt(0) as number).toString(16)}}`);
}
