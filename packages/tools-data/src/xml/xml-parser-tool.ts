import { defineTool, type Tool } from '@orkeon/core';
import type { Document } from '@xmldom/xmldom';
import { z } from 'zod';
import { bindDataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { runDataTool } from '../shared/data-tool-run.js';
import { loadLibrary } from '../shared/load-library.js';
import { readTextSource } from '../shared/text-source.js';
import { assertSafeXml } from './xml-safety.js';
import { describeXmlRoot, describeXpathResult } from './xpath-answer.js';

export const xmlParserToolName = 'xml_parser';

export const xmlParserInput = z.strictObject({
  text: z.string().optional().describe('The XML text itself; give this or path.'),
  path: z.string().optional().describe('Virtual path of an XML file; give this or text.'),
  xpath: z
    .string()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'XPath 1.0 expression, e.g. //item[@status="open"]/title or count(//item); without it the root is described.',
    ),
  namespaces: z
    .record(z.string().regex(/^[A-Za-z_][\w.-]*$/), z.string().max(2_000))
    .optional()
    .describe('Prefixes the expression uses, e.g. {"atom": "http://www.w3.org/2005/Atom"}.'),
});

export type XmlParserInput = z.output<typeof xmlParserInput>;

/**
 * The `xml_parser` tool: parses XML (DTDs with entities refused: no XXE, no entity
 * expansion) and evaluates XPath 1.0, which has no function that reads files or URLs.
 */
/**
 * The part of `xpath` this tool calls. Its own type declarations bring in the DOM
 * library, which would change the global web types of every package built beside it,
 * so the package is loaded by a name the compiler does not follow.
 */
interface XpathModule {
  useNamespaces(namespaces: Record<string, string>): (expression: string, node: unknown) => unknown;
}
const xpathPackage = 'xpath';

export function createXmlParserTool(settings: DataSettingsInput = {}): Tool<XmlParserInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: xmlParserToolName,
    description:
      'Parses XML given as text or by virtual path and evaluates an XPath 1.0 expression (nodes, text, numbers or booleans); without an expression it describes the root element. DTDs that declare entities are refused.',
    access: 'Read',
    input: xmlParserInput,
    maxResultCharacters: bound.MaxCharacters + 1_000,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        const source = await readTextSource(context.vfs, input, bound.MaxFileBytes, xmlParserToolName);
        assertSafeXml(source.text, source.label);
        const { DOMParser } = await loadLibrary('@xmldom/xmldom', () => import('@xmldom/xmldom'));
        const problems: string[] = [];
        let document: Document | undefined;
        try {
          document = new DOMParser({
            onError: (level: string, message: string) => {
              if (level !== 'warning') problems.push(message);
            },
          }).parseFromString(source.text, 'text/xml') as unknown as Document;
        } catch (error) {
          problems.push((error as Error).message);
        }
        if (problems.length > 0 || document?.documentElement === null || document === undefined) {
          const reason = problems[0]?.split('\n')[0] ?? 'no root element';
          throw new DataToolError(
            'DATA_FILE_MALFORMED',
            `${source.label} is not well-formed XML: ${reason}. Fix the document (every tag closed, one root element, & written as &amp;).`,
          );
        }
        if (input.xpath === undefined) return describeXmlRoot(document, source.label);
        const xpath = await loadLibrary('xpath', () => import(xpathPackage) as Promise<XpathModule>);
        let result: unknown;
        try {
          result = xpath.useNamespaces(input.namespaces ?? {})(input.xpath, document);
        } catch (error) {
          throw new DataToolError(
            'DATA_QUERY_INVALID',
            `The XPath ${JSON.stringify(input.xpath)} cannot be evaluated: ${(error as Error).message}. Write XPath 1.0 (e.g. //item/title, //item[@id="3"], count(//item)); declare prefixes in namespaces; no other functions exist.`,
            { cause: error },
          );
        }
        return describeXpathResult(result, input.xpath, source.label, bound);
      }),
  });
}
