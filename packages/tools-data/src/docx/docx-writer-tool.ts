import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { runDataTool, throwIfStopped } from '../shared/data-tool-run.js';
import { loadLibrary } from '../shared/load-library.js';
import { formatBytes, formatCount, plural } from '../shared/quantities.js';
import { writeOutputFile } from '../shared/vfs-access.js';
import { xmlSafeText } from '../shared/xml-text.js';
import { type DocxBlock, docxBlock } from './docx-blocks.js';

export const docxWriterToolName = 'docx_writer';

export const docxWriterInput = z.strictObject({
  path: z.string().describe('Virtual path of the .docx to write, e.g. /workspace/out/report.docx.'),
  title: z.string().max(1_000).optional().describe('Document title (file properties).'),
  blocks: z
    .array(docxBlock)
    .min(1)
    .max(10_000)
    .describe('The content, top to bottom: heading, paragraph, bullet, numbered, table, pageBreak.'),
  overwrite: z.boolean().default(false).describe('Replace the file if it exists.'),
});

export type DocxWriterInput = z.output<typeof docxWriterInput>;

type DocxLibrary = typeof import('docx');

/** The `docx_writer` tool: builds a Word document from blocks with the docx library and writes it through the file system. */
export function createDocxWriterTool(settings: DataSettingsInput = {}): Tool<DocxWriterInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: docxWriterToolName,
    description:
      'Writes a Word .docx document to a virtual path from blocks: headings, paragraphs (bold, italic), bullet and numbered lists, tables and page breaks. Refuses to replace an existing file unless overwrite is true.',
    access: 'Edit',
    input: docxWriterInput,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        if (!input.path.toLowerCase().endsWith('.docx')) {
          throw new DataToolError('DATA_INPUT_INVALID', `path '${input.path}' must end in .docx.`);
        }
        const cells = input.blocks.reduce(
          (sum, block) => sum + (block.type === 'table' ? block.rows.reduce((row, cells) => row + cells.length, 0) : 0),
          0,
        );
        if (cells > bound.MaxWriteCells) {
          throw new DataToolError(
            'DATA_INPUT_INVALID',
            `The tables hold ${formatCount(cells)} cells; docx_writer writes at most ${formatCount(bound.MaxWriteCells)} (Svc:Tools:Data:MaxWriteCells). Split the document.`,
          );
        }
        const docx = await loadLibrary('docx', () => import('docx'));
        const removed = { count: 0 };
        const clean = (value: string) => {
          const safe = xmlSafeText(value);
          removed.count += safe.removed;
          return safe.text;
        };
        const children = input.blocks.map((block) => layoutBlock(docx, block, clean));
        const document = new docx.Document({
          ...(input.title === undefined ? {} : { title: clean(input.title) }),
          numbering: {
            config: [
              {
                reference: 'numbered',
                levels: Array.from({ length: 9 }, (_, level) => ({
                  level,
                  format: docx.LevelFormat.DECIMAL,
                  text: `%${level + 1}.`,
                  alignment: docx.AlignmentType.START,
                  style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
                })),
              },
            ],
          },
          sections: [{ children }],
        });
        throwIfStopped(context.signal);
        const bytes = await docx.Packer.toBuffer(document);
        throwIfStopped(context.signal);
        const written = await writeOutputFile(context.vfs, input.path, bytes, input.overwrite);
        const sentences = [
          `Wrote ${formatBytes(written.bytesWritten)} to '${written.path}'${written.created ? ' (new file)' : ' (replaced)'}: ${describeBlocks(input.blocks)}.`,
        ];
        if (removed.count > 0) {
          sentences.push(
            `${plural(removed.count, 'control character')} that Word files cannot hold ${removed.count === 1 ? 'was' : 'were'} left out.`,
          );
        }
        return sentences.join(' ');
      }),
  });
}

function layoutBlock(
  docx: DocxLibrary,
  block: DocxBlock,
  clean: (text: string) => string,
): InstanceType<DocxLibrary['Paragraph']> | InstanceType<DocxLibrary['Table']> {
  const runs = (text: string, options: { bold?: boolean; italic?: boolean } = {}) =>
    clean(text)
      .split('\n')
      .map((line, index) => new docx.TextRun({ text: line, ...options, ...(index === 0 ? {} : { break: 1 }) }));
  switch (block.type) {
    case 'heading':
      return new docx.Paragraph({ children: runs(block.text), heading: headingLevel(docx, block.level) });
    case 'paragraph':
      return new docx.Paragraph({ children: runs(block.text, { bold: block.bold, italic: block.italic }) });
    case 'bullet':
      return new docx.Paragraph({ children: runs(block.text), bullet: { level: block.level } });
    case 'numbered':
      return new docx.Paragraph({
        children: runs(block.text),
        numbering: { reference: 'numbered', level: block.level },
      });
    case 'pageBreak':
      return new docx.Paragraph({ children: [new docx.PageBreak()] });
    default: {
      const width = Math.max(...block.rows.map((row) => row.length), 1);
      return new docx.Table({
        width: { size: 100, type: docx.WidthType.PERCENTAGE },
        rows: block.rows.map(
          (row, rowIndex) =>
            new docx.TableRow({
              // Written only when true: readers take any tblHeader element for a header row.
              ...(block.header && rowIndex === 0 ? { tableHeader: true } : {}),
              children: Array.from(
                { length: width },
                (_, column) =>
                  new docx.TableCell({
                    children: [
                      new docx.Paragraph({
                        children: runs(row[column] ?? '', { bold: block.header && rowIndex === 0 }),
                      }),
                    ],
                  }),
              ),
            }),
        ),
      });
    }
  }
}

function headingLevel(docx: DocxLibrary, level: number) {
  const levels = [
    docx.HeadingLevel.HEADING_1,
    docx.HeadingLevel.HEADING_2,
    docx.HeadingLevel.HEADING_3,
    docx.HeadingLevel.HEADING_4,
    docx.HeadingLevel.HEADING_5,
    docx.HeadingLevel.HEADING_6,
  ] as const;
  return levels[level - 1] ?? docx.HeadingLevel.HEADING_1;
}

function describeBlocks(blocks: readonly DocxBlock[]): string {
  const counts = new Map<string, number>();
  for (const block of blocks) counts.set(block.type, (counts.get(block.type) ?? 0) + 1);
  const names: Record<string, [string, string]> = {
    heading: ['heading', 'headings'],
    paragraph: ['paragraph', 'paragraphs'],
    bullet: ['bullet item', 'bullet items'],
    numbered: ['numbered item', 'numbered items'],
    table: ['table', 'tables'],
    pageBreak: ['page break', 'page breaks'],
  };
  return [...counts.entries()]
    .map(([type, count]) => {
      const [one, many] = names[type] ?? [type, type];
      return plural(count, one, many);
    })
    .join(', ');
}
