/** Elements that never hold others, or that the parser closes by itself when the next one opens. */
const uncountedElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rp',
]);
const rawTextElements = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'plaintext']);

/**
 * True when the elements of an HTML text nest deeper than `limit`, judged in one pass
 * without parsing (elements the parser closes by itself are not counted). The HTML
 * parser's time grows with the square of the depth, so a page nested a million levels
 * deep would stall the process: such a page is refused before it is parsed.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  const open: string[] = [];
  const openCount = new Map<string, number>();
  let at = 0;
  for (;;) {
    const start = html.indexOf('<', at);
    if (start === -1) return false;
    if (html.startsWith('<!--', start)) {
      const end = html.indexOf('-->', start + 4);
      if (end === -1) return false;
      at = end + 3;
      continue;
    }
    const end = html.indexOf('>', start + 1);
    if (end === -1) return false;
    at = end + 1;
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(start, Math.min(end + 1, start + 64)));
    if (match === null) continue;
    const name = (match[2] ?? '').toLowerCase();
    if (match[1] === '/') {
      // Each element is popped once, so closing stays linear over the whole text.
      if ((openCount.get(name) ?? 0) === 0) continue;
      for (let popped = open.pop(); popped !== undefined; popped = open.pop()) {
        openCount.set(popped, (openCount.get(popped) ?? 1) - 1);
        if (popped === name) break;
      }
      continue;
    }
    if (html[end - 1] === '/' || uncountedElements.has(name)) continue;
    if (rawTextElements.has(name)) {
      at = rawTextEnd(html, name, at);
      continue;
    }
    open.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (open.length > limit) return true;
  }
}

/** Where the raw text of a `<script>` (or similar) ends: at its closing tag, in any case. */
function rawTextEnd(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 2)) {
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return html.length;
}
