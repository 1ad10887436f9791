import { formatCount } from './quantities.js';

export interface CutText {
  readonly text: string;
  /** Characters the text had before cutting. */
  readonly total: number;
  readonly cut: boolean;
}

/** Keeps the first `limit` characters, never splitting a surrogate pair. */
export function cutText(text: string, limit: number): CutText {
  if (text.length <= limit) return { text, total: text.length, cut: false };
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), total: text.length, cut: true };
}

/** The note a result carries when its text was cut. */
export function cutNote(cut: CutText, what: string, fix: string): string {
  return `[cut: showing the first ${formatCount(cut.text.length)} of ${formatCount(cut.total)} characters of ${what}; ${fix}]`;
}
