/**
 * Cuts text into about `count` pieces at word boundaries, as a model streams it.
 * The pieces join back to exactly the text; empty text has no pieces.
 */
export function splitIntoWordPieces(text: string, count = 3): string[] {
  if (text.length === 0) return [];
  // Each word keeps the whitespace after it, so joining restores the text.
  const words = text.split(/(?<=\s)(?=\S)/u);
  return groupEvenly(words, count);
}

/**
 * Cuts text into `count` parts of about equal length (fewer when it has fewer
 * characters), never inside a character. Used for streamed tool arguments, which
 * providers send in fragments that are not JSON on their own.
 */
export function splitIntoFragments(text: string, count = 3): string[] {
  const characters = Array.from(text);
  if (characters.length < 2) return [text];
  return groupEvenly(characters, count);
}

function groupEvenly(parts: readonly string[], count: number): string[] {
  const groupCount = Math.max(1, Math.min(count, parts.length));
  const groups: string[] = [];
  for (let group = 0; group < groupCount; group++) {
    const start = Math.floor((group * parts.length) / groupCount);
    const end = Math.floor(((group + 1) * parts.length) / groupCount);
    groups.push(parts.slice(start, end).join(''));
  }
  return groups;
}
