import type { Readable } from 'node:stream';
import { DataToolError } from '../errors/data-tool-error.js';
import { untilAborted } from '../shared/abortable.js';
import { loadLibrary } from '../shared/load-library.js';
import { type SheetRow, sheetRowsHandler } from './sheet-rows.js';
import type { WorkbookKnowledge } from './workbook-knowledge.js';
import { relationshipsHandler, sharedStringsHandler, stylesHandler, workbookHandler } from './workbook-parts.js';
import { xmlEntryReader } from './xml-entry.js';
import { readZipStream, type ZipEntryReader } from './zip-stream.js';

/** How a pass names a sheet: its part number always, its name and position once workbook.xml was read. */
export interface SheetIdentity {
  readonly partNumber: number;
  readonly name?: string;
  /** 1-based place in the workbook's sheet order. */
  readonly position?: number;
}

/** What a pass does with the sheets it meets. */
export interface SheetVisitor {
  /** True to read this sheet's rows; false to skip it. */
  choose(sheet: SheetIdentity): boolean;
  /** One row of the chosen sheet; false stops reading it. */
  row(row: SheetRow): boolean;
  /** After the chosen sheet: true while late shared strings or styles are still needed. */
  needsMore(): boolean;
  /** True when the pass reads no sheet and only gathers shared strings and styles. */
  readonly metadataOnly: boolean;
}

export interface PassResult {
  /** The sheet the visitor chose, if it met one. */
  readonly sheet: SheetIdentity | undefined;
  /** True when the visitor stopped the chosen sheet before its end. */
  readonly stoppedEarly: boolean;
}

const sheetPart = /^\/?xl\/worksheets\/sheet(\d+)\.xml$/i;

/**
 * One pass over an XLSX file, front to back, an entry at a time (the file arrives as a
 * stream). Parts come in whatever order the writer chose: a sheet met before the shared
 * strings, workbook.xml or styles.xml is read with placeholders that `WorkbookKnowledge`
 * fills in later, and the caller makes another pass when the sheet could not be told
 * apart or some of its strings are still missing. Rows are never held beyond what the
 * visitor keeps, so memory stays flat however large the sheet is.
 */
export async function readWorkbookPass(
  source: Readable,
  knowledge: WorkbookKnowledge,
  visitor: SheetVisitor,
  signal: AbortSignal,
): Promise<PassResult> {
  const saxes = await loadLibrary('saxes', () => import('saxes'));
  let chosen: SheetIdentity | undefined;
  let stoppedEarly = false;
  let finished = false;
  // A chosen sheet met before workbook.xml is named once that part (and its relationships) went by.
  const named = () =>
    chosen?.name !== undefined || (knowledge.sheets !== undefined && knowledge.relationships !== undefined);
  const enough = () => (visitor.metadataOnly || (chosen !== undefined && named())) && !visitor.needsMore();
  const part = (name: string, handler: Parameters<typeof xmlEntryReader>[2]): ZipEntryReader =>
    xmlEntryReader(saxes, name, handler);

  const choose = (name: string): ZipEntryReader | undefined | 'stop' => {
    if (finished) return 'stop';
    const path = name.replace(/^\//, '');
    if (path === 'xl/workbook.xml') {
      return part(name, {
        ...workbookHandler((sheets, date1904) => {
          if (sheets.length > 0) knowledge.sheets = sheets;
          knowledge.date1904 = date1904;
        }),
      });
    }
    if (path === 'xl/_rels/workbook.xml.rels') {
      return part(
        name,
        relationshipsHandler((relationships) => (knowledge.relationships = relationships)),
      );
    }
    if (path === 'xl/styles.xml')
      return part(
        name,
        stylesHandler((styles) => (knowledge.styles = styles)),
      );
    if (path === 'xl/sharedStrings.xml') {
      const keepAll = chosen === undefined && !visitor.metadataOnly;
      return part(name, {
        ...sharedStringsHandler((index, text) => knowledge.offerString(index, text, keepAll)),
        end: () => {
          if (!knowledge.stringsDropped) knowledge.stringsComplete = true;
        },
      });
    }
    const sheet = sheetPart.exec(path);
    if (sheet === null || chosen !== undefined) return undefined;
    const identity = identify(Number(sheet[1]), knowledge);
    if (!visitor.choose(identity)) return undefined;
    chosen = identity;
    const context = { styles: knowledge.styles, date1904: knowledge.date1904 };
    return part(name, {
      ...sheetRowsHandler(context, (row) => {
        if (signal.aborted) return false;
        if (visitor.row(row)) return true;
        stoppedEarly = true;
        return false;
      }),
      end: () => {
        const more = visitor.needsMore();
        knowledge.keepOnlyWanted();
        if (!more && named()) finished = true;
      },
    });
  };

  const walk = () =>
    readZipStream(
      source,
      (entry) => {
        if (finished || enough()) return 'stop';
        return choose(entry.name);
      },
      signal,
    );
  try {
    await untilAborted(signal, walk(), () => source.destroy());
  } catch (error) {
    if (DataToolError.isInstance(error)) throw error;
    throw new DataToolError(
      'DATA_FILE_MALFORMED',
      `The file is not a readable XLSX workbook (${(error as Error).message}); open and save it again in a spreadsheet program, or check that it is .xlsx and not .xls or .csv.`,
      { cause: error },
    );
  } finally {
    source.destroy();
  }
  return { sheet: chosen, stoppedEarly };
}

/** Names a sheet part by what workbook.xml and its relationships say, when they were read. */
function identify(partNumber: number, knowledge: WorkbookKnowledge): SheetIdentity {
  const sheets = knowledge.sheets ?? [];
  const index = sheets.findIndex((sheet) => knowledge.partNumberOf(sheet) === partNumber);
  const entry = sheets[index];
  if (entry === undefined) return { partNumber };
  return { partNumber, name: entry.name, position: index + 1 };
}
