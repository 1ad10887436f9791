// Header injection is refused here, before any library sees the text: a line break in a header value
// would start a new header (or the body), whatever the encoder downstream does with it.

/** Control characters (CR, LF, NUL, …) and the Unicode line and paragraph separators; a tab is allowed. */
const forbiddenInHeader = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const tab = '\t';

/** The longest header value accepted: one line of RFC 5322 (998 characters). */
export const maxHeaderTextLength = 998;

/** Why `text` cannot be a header value (a subject, a display name), or `undefined` when it can. */
export function headerTextProblem(text: string, what: string): string | undefined {
  if (text.length > maxHeaderTextLength)
    return `${what} is ${text.length} characters long: keep it to ${maxHeaderTextLength} at most.`;
  for (const character of text) {
    if (character !== tab && forbiddenInHeader.test(character))
      return `${what} contains ${describeCharacter(character)}: header values must be one line without control characters (this guards against header injection). Remove it.`;
  }
  return undefined;
}

/** Why `text` cannot be sent to the server as a search term or folder name, or `undefined`. */
export function protocolTextProblem(text: string, what: string, maxLength: number): string | undefined {
  if (text.length === 0) return `${what} is empty: give some text.`;
  if (text.length > maxLength) return `${what} is ${text.length} characters long: keep it to ${maxLength} at most.`;
  for (const character of text) {
    if (forbiddenInHeader.test(character))
      return `${what} contains ${describeCharacter(character)}: remove control characters and line breaks.`;
  }
  return undefined;
}

function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const names: Record<number, string> = { 0: 'a NUL character', 10: 'a line feed (LF)', 13: 'a carriage return (CR)' };
  return names[code] ?? `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
