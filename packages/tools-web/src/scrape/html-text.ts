import type { CheerioAPI } from 'cheerio/slim';

/** The parts of a parsed HTML node the text walk reads. */
interface HtmlNode {
  readonly type: string;
  readonly name?: string;
  readonly data?: string;
  readonly attribs?: Readonly<Record<string, string>>;
  readonly children?: readonly HtmlNode[];
}

/** Elements whose content is never page text: code, styles, embedded documents and forms of media. */
const skippedElements = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'head',
  'title',
  'link',
  'meta',
  'base',
  'select',
  'option',
  'datalist',
]);

const blockElements = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * True for an element a reader does not see: `hidden`, `aria-hidden="true"`, or an inline
 * style that hides it. Hidden text is a known way to slip instructions to an agent.
 */
function isHidden(node: HtmlNode): boolean {
  const attributes = node.attribs ?? {};
  if ('hidden' in attributes || attributes['aria-hidden'] === 'true') return true;
  const style = (attributes.style ?? '').replace(/\s+/g, '').toLowerCase();
  return /display:none|visibility:hidden|font-size:0(?![.\d])|opacity:0(?![.\d])/.test(style);
}

/**
 * The text a reader sees in `roots`: scripts, styles, embedded documents and hidden
 * elements left out, one line per block, white space collapsed. The walk keeps its own
 * stack, so a deeply nested document cannot overflow the call stack.
 */
export function visibleText(roots: readonly HtmlNode[]): string {
  const parts: string[] = [];
  const stack: (HtmlNode | 'break')[] = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode | 'break';
    if (node === 'break') {
      parts.push('\n');
      continue;
    }
    if (node.type === 'text') {
      parts.push((node.data ?? '').replace(/\s+/g, ' '));
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root') continue;
    const name = node.name?.toLowerCase() ?? '';
    if (skippedElements.has(name) || isHidden(node)) continue;
    if (name === 'br') {
      parts.push('\n');
      continue;
    }
    const block = blockElements.has(name);
    if (block) {
      parts.push('\n');
      if (name === 'li') parts.push('- ');
      stack.push('break');
    } else if (name === 'img' && node.attribs?.alt !== undefined && node.attribs.alt.trim() !== '') {
      parts.push(` [image: ${node.attribs.alt.trim()}] `);
    }
    const children = node.children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as HtmlNode);
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .trim();
}

/** The document's title, white space collapsed, or `undefined`. */
export function pageTitle($: CheerioAPI): string | undefined {
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  return title === '' ? undefined : title;
}

/** The page's text (its `body`, or the whole document when it has none). */
export function pageText($: CheerioAPI): string {
  const body = $('body');
  const roots = (body.length > 0 ? body.toArray() : $.root().toArray()) as unknown as HtmlNode[];
  return visibleText(roots);
}

/** Links of the page as absolute http(s) URLs with their text; `javascript:`, `data:` and the like are left out. */
export function pageLinks($: CheerioAPI, baseUrl: string, limit: number): { text: string; url: string }[] {
  const links: { text: string; url: string }[] = [];
  const seen = new Set<string>();
  for (const element of $('a[href]').toArray()) {
    const href = $(element).attr('href') ?? '';
    if (!URL.canParse(href, baseUrl)) continue;
    const url = new URL(href, baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    links.push({
      text: visibleText([element as unknown as HtmlNode])
        .replace(/\s+/g, ' ')
        .slice(0, 200),
      url: url.href,
    });
    if (links.length >= limit) break;
  }
  return links;
}

/** One element's visible text, on one line. */
export function elementText(element: unknown): string {
  return visibleText([element as HtmlNode]).replace(/\s*\n\s*/g, ' / ');
}
