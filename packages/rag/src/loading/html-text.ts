import type { HtmlToTextOptions } from 'html-to-text';

/** The readable text of an HTML page and its `<title>`. */
export interface HtmlText {
  readonly text: string;
  readonly title?: string;
}

/** Elements whose content a reader never sees, or that only hold media and controls. */
const skipped = ['img', 'picture', 'video', 'audio', 'svg', 'canvas', 'iframe', 'noscript', 'template', 'select'];

/**
 * Hidden elements: text a reader does not see is a known way to slip instructions to an
 * agent, and is not what the page says anyway.
 */
const hidden = [
  '[hidden]',
  '[aria-hidden="true"]',
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[style*="visibility:hidden"]',
  '[style*="visibility: hidden"]',
];

const options: HtmlToTextOptions = {
  // Chunkers split the text; hard-wrapped lines would only add line breaks mid-sentence.
  wordwrap: false,
  // Deeply nested pages are cut there instead of exhausting the converter.
  limits: { maxDepth: 500 },
  selectors: [
    ...[...skipped, ...hidden].map((selector) => ({ selector, format: 'skip' })),
    // Links keep their words; their addresses are noise in retrieval.
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/**
 * The page as plain text (html-to-text: scripts, styles, images and hidden elements left out).
 * html-to-text is loaded on first use: it takes longer to load than the rest of the package.
 */
export async function htmlToText(html: string): Promise<HtmlText> {
  const { convert } = await import('html-to-text');
  const text = convert(html, options).trim();
  const title = pageTitle(html, convert);
  return title === undefined ? { text } : { text, title };
}

/** The first `<title>`, its entities decoded and white space collapsed; `undefined` when absent or empty. */
function pageTitle(html: string, convert: typeof import('html-to-text').convert): string | undefined {
  const inner = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  if (inner === undefined) return undefined;
  const title = convert(inner, { wordwrap: false }).replace(/\s+/g, ' ').trim();
  return title === '' ? undefined : title;
}
