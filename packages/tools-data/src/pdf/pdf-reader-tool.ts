import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { untilAborted } from '../shared/abortable.js';
import { runDataTool, throwIfStopped } from '../shared/data-tool-run.js';
import { loadLibrary } from '../shared/load-library.js';
import { formatCount, plural } from '../shared/quantities.js';
import { readWholeFile } from '../shared/vfs-access.js';
import { selectPages } from './page-range.js';

export const pdfReaderToolName = 'pdf_reader';

export const pdfReaderInput = z.strictObject({
  path: z.string().describe('Virtual path of the PDF, e.g. /workspace/papers/report.pdf.'),
  pages: z
    .string()
    .max(200)
    .optional()
    .describe('Pages to read: "3", "1-5", "2-" (to the end) or "1-3, 7"; default all, as many as fit.'),
});

export type PdfReaderInput = z.output<typeof pdfReaderInput>;

interface PdfTextItem {
  readonly str?: string;
  readonly hasEOL?: boolean;
}

interface PdfDocument {
  readonly numPages: number;
  getPage(page: number): Promise<{ getTextContent(): Promise<{ items: PdfTextItem[] }>; cleanup(): void }>;
}

/**
 * The `pdf_reader` tool: the text of a PDF's pages through pdf.js (via unpdf, whose
 * build has no eval path), fonts never loaded. The file is read whole, within
 * `Svc:Tools:Data:MaxFileBytes`; encrypted files are refused.
 */
export function createPdfReaderTool(settings: DataSettingsInput = {}): Tool<PdfReaderInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: pdfReaderToolName,
    description:
      'Extracts the text of a PDF by its virtual path, page by page ("--- page N ---" headings). Choose pages with pages ("1-5", "2-", "1-3, 7"); the answer says which pages were left out and how to ask for them. Scanned pages without a text layer read as empty.',
    access: 'Read',
    input: pdfReaderInput,
    maxResultCharacters: bound.MaxCharacters + 1_000,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        const file = await readWholeFile(context.vfs, input.path, bound.MaxFileBytes, pdfReaderToolName);
        const { getResolvedPDFJS } = await loadLibrary('unpdf', () => import('unpdf'));
        const pdfjs = await getResolvedPDFJS();
        const task = pdfjs.getDocument({
          data: new Uint8Array(file.bytes),
          disableFontFace: true,
          useSystemFonts: false,
          stopAtErrors: false,
          verbosity: 0,
        });
        try {
          const document = (await untilAborted(context.signal, task.promise, () => {
            void task.destroy();
          }).catch((error: unknown) => {
            throw openError(error, file.path);
          })) as unknown as PdfDocument;
          return await readPages(document, input.pages, file.path, bound, context.signal);
        } finally {
          await task.destroy();
        }
      }),
  });
}

async function readPages(
  document: PdfDocument,
  pagesText: string | undefined,
  path: string,
  settings: DataSettings,
  signal: AbortSignal,
): Promise<string> {
  const pageCount = document.numPages;
  const pages = selectPages(pagesText, pageCount);
  const parts: string[] = [];
  let characters = 0;
  let shown: number[] = [];
  let cutPage: number | undefined;
  for (const number of pages) {
    throwIfStopped(signal);
    const page = await untilAborted(signal, document.getPage(number));
    const content = await untilAborted(signal, page.getTextContent());
    page.cleanup();
    const text = content.items.map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join('');
    const block = `--- page ${number} ---\n${text.trim()}\n`;
    if (characters + block.length > settings.MaxCharacters) {
      if (shown.length === 0) {
        // One page larger than the whole budget: show its start.
        parts.push(block.slice(0, settings.MaxCharacters));
        shown = [number];
        cutPage = number;
      }
      break;
    }
    parts.push(block);
    characters += block.length;
    shown.push(number);
  }
  const left = pages.filter((page) => !shown.includes(page));
  const sentences = [`'${path}' has ${plural(pageCount, 'page')}; shown: ${describePages(shown)}.`];
  if (cutPage !== undefined) {
    sentences.push(
      `Page ${cutPage} is longer than Svc:Tools:Data:MaxCharacters (${formatCount(settings.MaxCharacters)} characters) and was cut.`,
    );
  }
  if (left.length > 0) {
    const next = left[0] as number;
    sentences.push(
      `${plural(left.length, 'asked-for page')} did not fit in one answer; ask with pages: "${next}-${pages.at(-1)}" for them.`,
    );
  }
  return `${sentences.join(' ')}\n\n${parts.join('\n')}`;
}

/** "1-3, 7" for [1, 2, 3, 7]. */
function describePages(pages: readonly number[]): string {
  if (pages.length === 0) return 'none';
  const runs: string[] = [];
  let start = pages[0] as number;
  let previous = start;
  for (const page of [...pages.slice(1), Number.NaN]) {
    if (page === previous + 1) {
      previous = page;
      continue;
    }
    runs.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = page;
    previous = page;
  }
  return runs.join(', ');
}

function openError(error: unknown, path: string): unknown {
  if (DataToolError.isInstance(error)) return error;
  const name = (error as { name?: unknown }).name;
  if (name === 'PasswordException') {
    return new DataToolError(
      'DATA_FILE_UNSUPPORTED',
      `'${path}' is encrypted with a password; pdf_reader does not open encrypted PDFs. Save an unencrypted copy and read that.`,
      { cause: error },
    );
  }
  return new DataToolError(
    'DATA_FILE_MALFORMED',
    `'${path}' is not a readable PDF (${(error as Error).message}); check that it is a PDF and not damaged, or save it again from the program that made it.`,
    { cause: error },
  );
}
