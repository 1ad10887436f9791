import { defineTool, type FileSystem, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { columnLetters } from '../shared/cell.js';
import { runDataTool } from '../shared/data-tool-run.js';
import { formatCount, plural } from '../shared/quantities.js';
import { rowWindowInput } from '../shared/row-window-input.js';
import { tableResultCharacters } from '../shared/table-limits.js';
import { countReport, rowsReport, statisticsReport, type TableSource } from '../shared/table-report.js';
import { openFileStream } from '../shared/vfs-access.js';
import { parseCellRange, wholeSheet } from './cell-range.js';
import { WorkbookKnowledge } from './workbook-knowledge.js';
import { readWorkbookPass, type SheetIdentity } from './workbook-pass.js';
import { type SheetSelector, XlsxTable } from './xlsx-table.js';

export const xlsxReaderToolName = 'xlsx_reader';

export const xlsxReaderInput = z.strictObject({
  path: z.string().describe('Virtual path of the .xlsx workbook, e.g. /workspace/reports/q3.xlsx.'),
  mode: z
    .enum(['rows', 'count', 'statistics', 'sheets'])
    .default('rows')
    .describe(
      '"rows" returns rows from offset; "count" reads the sheet to its end and counts rows; "statistics" summarises each column over the whole sheet; "sheets" lists the sheet names.',
    ),
  sheet: z
    .union([z.string().min(1).max(100), z.number().int().min(1)])
    .optional()
    .describe('Sheet name, or 1-based position; default the first sheet.'),
  range: z
    .string()
    .max(30)
    .optional()
    .describe('Cells to read, as Excel writes them: "A1:D100", "B:D", "2:50", "A2:D"; default the whole sheet.'),
  ...rowWindowInput,
  header: z
    .boolean()
    .default(true)
    .describe('The first non-empty row of the range names the columns (true) or is data (false).'),
});

export type XlsxReaderInput = z.output<typeof xlsxReaderInput>;

/**
 * The `xlsx_reader` tool: streams a workbook through the file system one ZIP entry
 * at a time and stops as soon as the requested rows are in (fetching shared strings
 * or styles stored after the sheet with a second pass that skips the sheets).
 */
export function createXlsxReaderTool(settings: DataSettingsInput = {}): Tool<XlsxReaderInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: xlsxReaderToolName,
    description:
      'Reads an .xlsx workbook by its virtual path, streamed: rows of a sheet and range from an offset (with a note of what was cut), the row count, statistics of every column, or the list of sheets. Formulas give their last computed values; dates read as ISO 8601 text.',
    access: 'Read',
    input: xlsxReaderInput,
    maxResultCharacters: tableResultCharacters(bound),
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, () =>
        input.mode === 'sheets'
          ? listSheets(context.vfs, input.path, bound, context.signal)
          : readSheet(input, bound, context.vfs, context.signal),
      ),
  });
}

async function readSheet(
  input: XlsxReaderInput,
  settings: DataSettings,
  vfs: FileSystem,
  signal: AbortSignal,
): Promise<string> {
  const range = input.range === undefined ? wholeSheet : parseCellRange(input.range);
  const knowledge = new WorkbookKnowledge(settings.MaxUncompressedBytes);
  const selector: SheetSelector =
    input.sheet === undefined
      ? { kind: 'first' }
      : typeof input.sheet === 'number'
        ? { kind: 'position', position: input.sheet }
        : { kind: 'name', name: input.sheet };
  const mode = input.mode === 'sheets' ? 'rows' : input.mode;
  const newTable = (chosen: SheetSelector) =>
    new XlsxTable(
      { mode, header: input.header, offset: input.offset, limit: input.limit, range },
      settings,
      knowledge,
      chosen,
    );
  let table = newTable(selector);
  let path = input.path;
  const pass = async () => {
    const file = await openFileStream(vfs, input.path);
    path = file.path;
    return readWorkbookPass(file.stream, knowledge, table, signal);
  };
  let result = await pass();
  if (result.sheet === undefined || !sameSheet(result.sheet, selector, knowledge)) {
    // The sheet could not be told apart when it went by (workbook.xml comes later), or the
    // part taken for the first sheet was not: find its part, read again.
    const part = retarget(selector, knowledge, path);
    knowledge.forgetStrings();
    table = newTable(part);
    result = await pass();
    if (result.sheet === undefined) {
      throw new DataToolError(
        'DATA_FILE_MALFORMED',
        `'${path}' lists the sheet but does not contain it; open and save the workbook again in a spreadsheet program.`,
      );
    }
  }
  if (table.needsMore()) {
    table.metadataOnly = true;
    await pass();
  }
  const sheet = result.sheet;
  const name =
    sheet.name ?? knowledge.sheets?.find((entry) => knowledge.partNumberOf(entry) === sheet.partNumber)?.name;
  const label = `${name === undefined ? `sheet ${sheet.partNumber}` : `sheet '${name}'`} of '${path}'`;
  const firstDataRow = table.firstDataRow();
  const notes: string[] = [];
  if (table.limits.note !== undefined) notes.push(table.limits.note);
  const source = (complete: boolean): TableSource => ({
    label,
    columns: table.columnNames(),
    complete,
    notes,
  });
  switch (mode) {
    case 'count': {
      notes.push(
        `${plural(table.filledRows, 'of them holds', 'of them hold')} values; data row 1 is sheet row ${formatCount(firstDataRow)}.`,
      );
      return countReport(source(true), table.dataRows);
    }
    case 'statistics': {
      if (table.lateStyledCells > 0) {
        notes.push(
          `${plural(table.lateStyledCells, 'number')} styled by styles stored after the sheet count as numbers (dates among them as Excel serial days).`,
        );
      }
      return statisticsReport(
        source(true),
        table.statistics,
        (index) => columnLetters(range.firstColumn + index),
        (cell) => knowledge.resolve(cell),
      );
    }
    default: {
      const window = table.window.refit((cell) => knowledge.resolve(cell), table.limits.maxCharacters);
      if (window.rows.length > 0) {
        const first = firstDataRow + window.offset;
        notes.push(
          `These are sheet rows ${formatCount(first)}-${formatCount(first + window.rows.length - 1)}, columns from ${columnLetters(range.firstColumn)}.`,
        );
      }
      return rowsReport(source(!result.stoppedEarly), window, table.limits.maxCellCharacters);
    }
  }
}

/**
 * True when the part read is the sheet asked for. A sheet met before workbook.xml is taken
 * by its part number as a guess (writers number sheets in order), checked here once the
 * sheet list is known.
 */
function sameSheet(sheet: SheetIdentity, selector: SheetSelector, knowledge: WorkbookKnowledge): boolean {
  if (sheet.position !== undefined || selector.kind === 'part' || selector.kind === 'name') return true;
  const sheets = knowledge.sheets;
  if (sheets === undefined) return true;
  const wanted = sheets[(selector.kind === 'position' ? selector.position : 1) - 1];
  return wanted !== undefined && knowledge.partNumberOf(wanted) === sheet.partNumber;
}

function retarget(selector: SheetSelector, knowledge: WorkbookKnowledge, path: string): SheetSelector {
  const sheets = knowledge.sheets;
  if (sheets === undefined || sheets.length === 0) {
    throw new DataToolError(
      'DATA_FILE_MALFORMED',
      `'${path}' has no sheet list (xl/workbook.xml); it is not a readable XLSX workbook. Open and save it again in a spreadsheet program.`,
    );
  }
  const entry =
    selector.kind === 'name'
      ? (sheets.find((sheet) => sheet.name === selector.name) ??
        sheets.find((sheet) => sheet.name.toLowerCase() === selector.name.toLowerCase()))
      : sheets[(selector.kind === 'position' ? selector.position : 1) - 1];
  const partNumber = entry === undefined ? undefined : knowledge.partNumberOf(entry);
  if (entry === undefined || partNumber === undefined) {
    const wanted =
      selector.kind === 'name'
        ? `named '${selector.name}'`
        : `at position ${selector.kind === 'position' ? selector.position : 1}`;
    throw new DataToolError(
      'DATA_INPUT_INVALID',
      `'${path}' has no sheet ${wanted}; its ${plural(sheets.length, 'sheet')}: ${sheets.map((sheet) => `'${sheet.name}'`).join(', ')}.`,
    );
  }
  return { kind: 'part', partNumber };
}

async function listSheets(vfs: FileSystem, path: string, settings: DataSettings, signal: AbortSignal): Promise<string> {
  const knowledge = new WorkbookKnowledge(settings.MaxUncompressedBytes);
  const file = await openFileStream(vfs, path);
  await readWorkbookPass(
    file.stream,
    knowledge,
    {
      metadataOnly: true,
      choose: () => false,
      row: () => false,
      needsMore: () => knowledge.sheets === undefined || knowledge.relationships === undefined,
    },
    signal,
  );
  const sheets = knowledge.sheets ?? [];
  if (sheets.length === 0) {
    throw new DataToolError(
      'DATA_FILE_MALFORMED',
      `'${file.path}' has no sheet list (xl/workbook.xml); it is not a readable XLSX workbook.`,
    );
  }
  return JSON.stringify({
    summary: `'${file.path}' has ${plural(sheets.length, 'sheet')}. Read one with sheet: "<name>" or its position.`,
    sheets: sheets.map((sheet, index) => ({
      position: index + 1,
      name: sheet.name,
      ...(sheet.state === undefined || sheet.state === 'visible' ? {} : { state: sheet.state }),
    })),
  });
}
