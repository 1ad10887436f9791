import { PassThrough } from 'node:stream';

/** A stream that says whether it is a terminal, and everything written to it. */
export function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

/**
 * The rows a terminal shows after `text`: it understands what the renderer writes
 * (cursor up `ESC[nA`, erase line `ESC[2K`, erase below `ESC[0J`, line feed).
 */
export function screen(text: string): string[] {
  const rows: string[] = [];
  let row = 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is read.
  for (const [, up, erase, character] of text.matchAll(/\u001b\[(\d+)A|\u001b\[([02])[JK]|([^\u001b])/gsu)) {
    if (up !== undefined) row = Math.max(0, row - Number(up));
    else if (erase === '0') rows.length = row;
    else if (erase === '2') rows[row] = '';
    else if (character === '\n') row++;
    else rows[row] = (rows[row] ?? '') + character;
  }
  return Array.from(rows, (line) => line ?? '');
}
