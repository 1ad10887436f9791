import type { Readable } from 'node:stream';
import { DataToolError } from '../errors/data-tool-error.js';
import { untilAborted } from '../shared/abortable.js';
import { loadLibrary } from '../shared/load-library.js';
import { pendingStyleKey, sharedStringReference } from './sheet-cells.js';
import type { SheetEntry, StylesLike, WorkbookKnowledge } from './workbook-knowledge.js';

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
  row(row: ExcelRowLike): boolean;
  /** After the chosen sheet: true while late shared strings or styles are still needed. */
  needsMore(): boolean;
  /** True when the pass reads no sheet and only gathers shared strings and styles. */
  readonly metadataOnly: boolean;
}

export interface ExcelRowLike {
  readonly number: number;
  eachCell(
    options: { includeEmpty: boolean },
    visit: (cell: { readonly value: unknown; readonly style?: unknown }, column: number) => void,
  ): void;
}

export interface PassResult {
  /** The sheet the visitor chose, if it met one. */
  readonly sheet: SheetIdentity | undefined;
  /** True when the visitor stopped the chosen sheet before its end. */
  readonly stoppedEarly: boolean;
}

interface ReaderInternals {
  sharedStrings: unknown;
  workbookRels: unknown;
  model: { sheets?: SheetEntry[] } | undefined;
  properties: { model?: { date1904?: boolean } } | undefined;
  styles: StylesLike;
  parse(): AsyncIterable<{ eventType?: string; value?: unknown; index?: number; text?: unknown }>;
}

/**
 * One streamed pass over an XLSX file with ExcelJS's streaming reader, which reads
 * a ZIP entry at a time. Its own reader parks every sheet met before the shared
 * strings and workbook.xml in a temporary file (outside the mounts, and the whole
 * sheet before the first row); the fields set below make it hand each sheet over at
 * once instead, with shared strings and late styles as placeholders that
 * `WorkbookKnowledge` fills in. Relies on the internals of exceljs 4.4.
 */
export async function readWorkbookPass(
  source: Readable,
  knowledge: WorkbookKnowledge,
  visitor: SheetVisitor,
  signal: AbortSignal,
): Promise<PassResult> {
  const exceljs = await loadLibrary('exceljs', () => import('exceljs'));
  const reader = new exceljs.default.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderInternals;
  const lateStyles: StylesLike = {
    getStyleModel: (id) => (id > 0 ? ({ [pendingStyleKey]: id } as { numFmt?: string }) : null),
  };
  const presetRelationships = knowledge.relationships ?? [];
  reader.sharedStrings = sharedStringReferences();
  reader.workbookRels = presetRelationships;
  reader.model = { sheets: [...(knowledge.sheets ?? [])] };
  reader.properties = { model: { date1904: knowledge.date1904 } };
  reader.styles = knowledge.styles ?? lateStyles;
  const learn = () => {
    if (reader.styles !== lateStyles) knowledge.styles = reader.styles;
    if (reader.workbookRels !== presetRelationships) {
      knowledge.relationships = reader.workbookRels as WorkbookKnowledge['relationships'];
    }
    const sheets = reader.model?.sheets;
    if (sheets !== undefined && sheets.length > 0) knowledge.sheets = sheets;
    knowledge.date1904 = reader.properties?.model?.date1904 === true;
  };

  let chosen: SheetIdentity | undefined;
  let stoppedEarly = false;
  let inStrings = false;
  let stringsSeen = false;
  const walk = async () => {
    for await (const item of reader.parse()) {
      if (signal.aborted) return;
      if (typeof item.index === 'number') {
        inStrings = true;
        knowledge.offerString(item.index, sharedText(item.text), chosen === undefined && !visitor.metadataOnly);
        continue;
      }
      if (inStrings) {
        inStrings = false;
        stringsSeen = true;
      }
      learn();
      if (item.eventType === 'worksheet' && chosen === undefined) {
        const sheet = identify(item.value as { id: unknown; name?: string }, knowledge);
        if (!visitor.choose(sheet)) continue;
        chosen = sheet;
        for await (const row of item.value as AsyncIterable<ExcelRowLike>) {
          if (signal.aborted) return;
          if (!visitor.row(row)) {
            // Leaving a sheet half read leaves ExcelJS buffering the rest of it: end the pass here.
            stoppedEarly = true;
            return;
          }
        }
        const more = visitor.needsMore();
        knowledge.keepOnlyWanted();
        if (!more) return;
        continue;
      }
      if ((chosen !== undefined || visitor.metadataOnly) && !visitor.needsMore()) return;
    }
    learn();
    if (inStrings) stringsSeen = true;
  };
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
  if (stringsSeen && !knowledge.stringsDropped) knowledge.stringsComplete = true;
  return { sheet: chosen, stoppedEarly };
}

function identify(worksheet: { id: unknown; name?: string }, knowledge: WorkbookKnowledge): SheetIdentity {
  // ExcelJS names a sheet it could not match in workbook.xml "Sheet<n>" and keeps its part number as id.
  const sheets = knowledge.sheets ?? [];
  const index = knowledge.relationships === undefined ? -1 : sheets.findIndex((sheet) => sheet.name === worksheet.name);
  const entry = sheets[index];
  const partNumber = entry === undefined ? undefined : knowledge.partNumberOf(entry);
  if (entry === undefined || partNumber === undefined) return { partNumber: Number(worksheet.id) };
  return { partNumber, name: entry.name, position: index + 1 };
}

/** The stand-in shared-string table: every index reads as a placeholder for `WorkbookKnowledge`. */
function sharedStringReferences(): unknown {
  return new Proxy([], {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) return sharedStringReference(Number(property));
      return Reflect.get(target, property, receiver);
    },
  });
}

function sharedText(text: unknown): string {
  if (typeof text === 'string') return text;
  if (text === null || text === undefined) return '';
  const runs = (text as { richText?: unknown }).richText;
  if (Array.isArray(runs)) return runs.map((run) => String((run as { text?: unknown }).text ?? '')).join('');
  return String(text);
}
