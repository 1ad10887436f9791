/**
 * Text a writer can put in an Office file: characters XML 1.0 cannot carry (control
 * characters other than tab, line feed and carriage return; lone surrogates;
 * U+FFFE and U+FFFF) are removed and counted.
 */
export function xmlSafeText(text: string): { text: string; removed: number } {
  let removed = 0;
  let kept = '';
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let width = 1;
    let allowed: boolean;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      allowed = next >= 0xdc00 && next <= 0xdfff;
      if (allowed) width = 2;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      allowed = false;
    } else {
      allowed = code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
    }
    if (!allowed) {
      kept += text.slice(start, index);
      start = index + 1;
      removed += 1;
    }
    index += width - 1;
  }
  return removed === 0 ? { text, removed } : { text: kept + text.slice(start), removed };
}
