import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { untilAborted } from '../shared/abortable.js';
import { runDataTool } from '../shared/data-tool-run.js';
import { loadLibrary } from '../shared/load-library.js';
import { formatCount, plural } from '../shared/quantities.js';
import { cutNote, cutText } from '../shared/text-cut.js';
import { readWholeFile } from '../shared/vfs-access.js';
import { checkZipExpansion } from '../shared/zip-budget.js';

export const docxReaderToolName = 'docx_reader';

export const docxReaderInput = z.strictObject({
  path: z.string().describe('Virtual path of the .docx document, e.g. /workspace/contracts/draft.docx.'),
  format: z
    .enum(['text', 'markdown', 'html'])
    .default('text')
    .describe('"text" is the plain text; "markdown" and "html" keep headings, lists, tables and links.'),
});

export type DocxReaderInput = z.output<typeof docxReaderInput>;

interface MammothResult {
  readonly value: string;
  readonly messages: readonly { readonly type: string; readonly message: string }[];
}

/**
 * The `docx_reader` tool: a Word document's text, Markdown or HTML through mammoth.
 * The archive is measured first (zip-bomb guard), linked files outside the document
 * are never opened, and images become empty placeholders instead of inline data.
 */
export function createDocxReaderTool(settings: DataSettingsInput = {}): Tool<DocxReaderInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: docxReaderToolName,
    description:
      'Reads a Word .docx document by its virtual path as plain text, Markdown or HTML (headings, lists, tables and links kept; images left out).',
    access: 'Read',
    input: docxReaderInput,
    maxResultCharacters: bound.MaxCharacters + 1_000,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        const file = await readWholeFile(context.vfs, input.path, bound.MaxFileBytes, docxReaderToolName);
        const label = `'${file.path}'`;
        await checkZipExpansion(file.bytes, bound.MaxUncompressedBytes, label);
        const mammoth = (await loadLibrary('mammoth', () => import('mammoth'))).default;
        const options = {
          externalFileAccess: false,
          convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        };
        const convert = (): Promise<MammothResult> => {
          const source = { buffer: file.bytes };
          if (input.format === 'text') return mammoth.extractRawText(source);
          if (input.format === 'html') return mammoth.convertToHtml(source, options);
          const markdown = (mammoth as unknown as { convertToMarkdown: typeof mammoth.convertToHtml })
            .convertToMarkdown;
          return markdown(source, options);
        };
        let result: MammothResult;
        try {
          result = await untilAborted(context.signal, convert());
        } catch (error) {
          if (DataToolError.isInstance(error)) throw error;
          throw new DataToolError(
            'DATA_FILE_MALFORMED',
            `${label} is not a readable Word document (${(error as Error).message}); check that it is .docx (not .doc) and save it again from Word.`,
            { cause: error },
          );
        }
        const text = result.value.trim();
        const cut = cutText(text, bound.MaxCharacters);
        const warnings = result.messages.filter((message) => message.type !== 'info').length;
        const sentences = [`${label} as ${input.format}: ${formatCount(text.length)} characters.`];
        if (warnings > 0)
          sentences.push(`${plural(warnings, 'part')} could not be converted exactly (styles, fields).`);
        const note = cut.cut
          ? `\n${cutNote(cut, 'the document', 'the rest is not reachable through this tool; ask for "text" for the shortest form')}`
          : '';
        return `${sentences.join(' ')}\n\n${cut.text}${note}`;
      }),
  });
}
