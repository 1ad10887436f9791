import type { Node } from 'web-tree-sitter';

/** Comments that steer a tool rather than document the code. */
const directive = /^\s*(?:biome-ignore|eslint|@ts-|prettier-ignore|noqa|pylint|type:|#region|#endregion|go:)/;

const maximumDocLength = 400;

/**
 * The doc comment of a declaration: the comments right above `anchor` (no blank line
 * between), markers taken off (`/**`, `*`, `//`, `///`, `#`, XML tags), on one line.
 */
export function precedingComments(anchor: Node, commentTypes: ReadonlySet<string>): string | undefined {
  const texts: string[] = [];
  let line = anchor.startPosition.row;
  for (let sibling = anchor.previousSibling; sibling !== null; sibling = sibling.previousSibling) {
    if (!commentTypes.has(sibling.type) || sibling.endPosition.row < line - 1) break;
    texts.unshift(sibling.text);
    line = sibling.startPosition.row;
  }
  return cleanDoc(texts.join('\n'));
}

/** Comment or docstring text as one readable line, or undefined when nothing is left. */
export function cleanDoc(text: string): string | undefined {
  const lines = text
    .replace(/^\s*\/\*\*?|\*\/\s*$/gm, '')
    .replace(/^[ru]?("""|''')|("""|''')$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\/\/\/?|\*|#)\s?/, ''))
    .filter((line) => !directive.test(line));
  const joined = lines
    .join(' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (joined === '') return undefined;
  return joined.length > maximumDocLength ? `${joined.slice(0, maximumDocLength - 1)}…` : joined;
}

const maximumSignatureLength = 240;

/**
 * The declaration from its start to its body, on one line: `greet(who: string): string`.
 * A declaration without a body (a field, a constant) gives its first line.
 */
export function signatureOf(node: Node, body: Node | undefined, source: string): string {
  const lineEnd = source.indexOf('\n', node.startIndex);
  const end = body !== undefined ? body.startIndex : lineEnd === -1 ? node.endIndex : Math.min(lineEnd, node.endIndex);
  const text = source
    .slice(node.startIndex, Math.min(end, node.startIndex + 2000))
    .replace(/\s+/g, ' ')
    .replace(/\s*(?:\{|=>|:|=|;)\s*$/, '')
    .trim();
  return text.length > maximumSignatureLength ? `${text.slice(0, maximumSignatureLength - 1)}…` : text;
}
