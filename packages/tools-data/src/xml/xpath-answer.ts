import type { Attr, Document, Element, Node } from '@xmldom/xmldom';
import type { DataSettings } from '../data-settings.js';
import { formatCount, plural } from '../shared/quantities.js';
import { cutText } from '../shared/text-cut.js';

const elementNode = 1;
const attributeNode = 2;
const textNode = 3;
const cdataNode = 4;
const documentNode = 9;

/** One selected node as the answer lists it. */
type NodeAnswer =
  | { type: 'element'; name: string; xml: string }
  | { type: 'attribute'; name: string; value: string }
  | { type: 'text'; value: string }
  | { type: string; value: string };

/** The answer for an XPath result: a number, string or boolean as is; nodes one a line, cut to the limits. */
export function describeXpathResult(
  result: unknown,
  expression: string,
  label: string,
  settings: DataSettings,
): string {
  const head = `XPath ${JSON.stringify(expression)} on ${label}`;
  if (!Array.isArray(result)) {
    const kind = typeof result;
    const value = typeof result === 'string' ? cutText(result, settings.MaxCharacters).text : result;
    return JSON.stringify({ summary: `${head}: a ${kind}.`, value });
  }
  const nodes = result as Node[];
  const maxNodeCharacters = Math.max(200, Math.floor(settings.MaxCharacters / 10));
  const lines: string[] = [];
  let characters = 0;
  let cutNodes = 0;
  for (const node of nodes) {
    if (lines.length >= settings.MaxRows) break;
    const answer = nodeAnswer(node, maxNodeCharacters);
    if (answer.cut) cutNodes += 1;
    const line = JSON.stringify(answer.value);
    if (lines.length > 0 && characters + line.length > settings.MaxCharacters) break;
    lines.push(line);
    characters += line.length + 2;
  }
  const sentences = [
    lines.length === nodes.length
      ? `${head}: ${plural(nodes.length, 'node')}.`
      : `${head}: the first ${formatCount(lines.length)} of ${plural(nodes.length, 'node')} (the rest cut by ${lines.length >= settings.MaxRows ? 'Svc:Tools:Data:MaxRows' : 'Svc:Tools:Data:MaxCharacters'}; narrow the expression, e.g. (//item)[position() > ${lines.length}]).`,
  ];
  if (cutNodes > 0)
    sentences.push(`${plural(cutNodes, 'node')} longer than ${formatCount(maxNodeCharacters)} characters cut.`);
  const body = lines.length === 0 ? '[]' : `[\n${lines.join(',\n')}\n]`;
  return `${JSON.stringify({ summary: sentences.join(' ') }).slice(0, -1)},"nodes":${body}}`;
}

/** Without an expression: the root element, its attributes and which child elements it has how often. */
export function describeXmlRoot(document: Document, label: string): string {
  const root = document.documentElement as Element;
  const children = new Map<string, number>();
  for (let child = root.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === elementNode) children.set(child.nodeName, (children.get(child.nodeName) ?? 0) + 1);
  }
  const attributes: Record<string, string> = {};
  for (let index = 0; index < Math.min(root.attributes.length, 20); index++) {
    const attribute = root.attributes.item(index);
    if (attribute !== null) attributes[attribute.name] = attribute.value.slice(0, 200);
  }
  const elements = document.getElementsByTagName('*').length;
  return JSON.stringify({
    summary: `${label} is well-formed XML: root <${root.nodeName}> with ${plural(elements, 'element')} in all. Give xpath to select from it.`,
    root: root.nodeName,
    ...(root.namespaceURI === null ? {} : { namespace: root.namespaceURI }),
    attributes,
    children: Object.fromEntries([...children.entries()].slice(0, 50)),
  });
}

function nodeAnswer(node: Node, limit: number): { value: NodeAnswer; cut: boolean } {
  switch (node.nodeType) {
    case elementNode:
    case documentNode: {
      const xml = cutText(String(node), limit);
      return { value: { type: 'element', name: node.nodeName, xml: xml.text }, cut: xml.cut };
    }
    case attributeNode: {
      const value = cutText((node as Attr).value, limit);
      return { value: { type: 'attribute', name: node.nodeName, value: value.text }, cut: value.cut };
    }
    case textNode:
    case cdataNode: {
      const value = cutText(node.nodeValue ?? '', limit);
      return { value: { type: 'text', value: value.text }, cut: value.cut };
    }
    default: {
      const value = cutText(String(node), limit);
      return { value: { type: node.nodeName, value: value.text }, cut: value.cut };
    }
  }
}
