import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettingsInput } from '../data-settings.js';
import { DataToolError } from '../errors/data-tool-error.js';
import { columnLetters } from '../shared/cell.js';
import { runDataTool, throwIfStopped } from '../shared/data-tool-run.js';
import { looksLikeFormula } from '../shared/formula-guard.js';
import { loadLibrary } from '../shared/load-library.js';
import { formatBytes, formatCount, plural } from '../shared/quantities.js';
import { writeOutputFile } from '../shared/vfs-access.js';
import { xmlSafeText } from '../shared/xml-text.js';
import { sheetNameProblem } from './sheet-name.js';

export const xlsxWriterToolName = 'xlsx_writer';

const cellValue = z.union([z.string().max(32_767), z.number(), z.boolean(), z.null()]);

export const xlsxWriterInput = z.strictObject({
  path: z.string().describe('Virtual path of the .xlsx to write, e.g. /workspace/out/summary.xlsx.'),
  sheets: z
    .array(
      z.strictObject({
        name: z.string().describe('Sheet name: at most 31 characters, none of \\ / ? * [ ] :.'),
        columns: z.array(z.string().max(1_000)).max(16_384).optional().describe('Header row, written bold and frozen.'),
        rows: z
          .array(z.array(cellValue).max(16_384))
          .max(1_048_575)
          .describe('Rows of cells: text, numbers, true/false or null.'),
      }),
    )
    .min(1)
    .max(255),
  overwrite: z.boolean().default(false).describe('Replace the file if it exists.'),
});

export type XlsxWriterInput = z.output<typeof xlsxWriterInput>;

/**
 * The `xlsx_writer` tool: writes sheets of values with ExcelJS. Every text cell is
 * written as text, never as a formula: text starting with `=`, `+`, `-` or `@`
 * stays inert in Excel, and the answer names such cells so a later CSV export can be checked.
 */
export function createXlsxWriterTool(settings: DataSettingsInput = {}): Tool<XlsxWriterInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: xlsxWriterToolName,
    description:
      'Writes an .xlsx workbook to a virtual path: one or more sheets, each with an optional header row and rows of text, numbers, booleans or null. Text is always written as text, never as a formula. Refuses to replace an existing file unless overwrite is true.',
    access: 'Edit',
    input: xlsxWriterInput,
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        if (!input.path.toLowerCase().endsWith('.xlsx')) {
          throw new DataToolError('DATA_INPUT_INVALID', `path '${input.path}' must end in .xlsx.`);
        }
        checkSheets(input, bound.MaxWriteCells);
        const exceljs = (await loadLibrary('exceljs', () => import('exceljs'))).default;
        const workbook = new exceljs.Workbook();
        const formulaLike: string[] = [];
        let removed = 0;
        const text = (value: string) => {
          const safe = xmlSafeText(value);
          removed += safe.removed;
          return safe.text;
        };
        for (const sheet of input.sheets) {
          throwIfStopped(context.signal);
          const worksheet = workbook.addWorksheet(sheet.name);
          let rowNumber = 0;
          if (sheet.columns !== undefined) {
            const header = worksheet.addRow(sheet.columns.map(text));
            header.font = { bold: true };
            worksheet.views = [{ state: 'frozen', ySplit: 1 }];
            rowNumber = 1;
          }
          for (const row of sheet.rows) {
            rowNumber += 1;
            const values = row.map((cell, column) => {
              if (typeof cell !== 'string') return cell;
              const value = text(cell);
              if (looksLikeFormula(value)) formulaLike.push(`'${sheet.name}'!${columnLetters(column + 1)}${rowNumber}`);
              return value;
            });
            worksheet.addRow(values);
          }
        }
        const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
        throwIfStopped(context.signal);
        const written = await writeOutputFile(context.vfs, input.path, bytes, input.overwrite);
        const rows = input.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
        const sentences = [
          `Wrote ${formatBytes(written.bytesWritten)} to '${written.path}'${written.created ? ' (new file)' : ' (replaced)'}: ${plural(input.sheets.length, 'sheet')}, ${plural(rows, 'row')}.`,
        ];
        if (formulaLike.length > 0) {
          const shown = formulaLike.slice(0, 10).join(', ');
          const more = formulaLike.length > 10 ? ` and ${formatCount(formulaLike.length - 10)} more` : '';
          sentences.push(
            `${plural(formulaLike.length, 'cell')} starting with =, +, - or @ (${shown}${more}) ${formulaLike.length === 1 ? 'was' : 'were'} written as text, not as formulas.`,
          );
        }
        if (removed > 0) {
          sentences.push(
            `${plural(removed, 'control character')} that Excel files cannot hold ${removed === 1 ? 'was' : 'were'} left out.`,
          );
        }
        return sentences.join(' ');
      }),
  });
}

function checkSheets(input: XlsxWriterInput, maxCells: number): void {
  const seen = new Set<string>();
  let cells = 0;
  for (const sheet of input.sheets) {
    const problem = sheetNameProblem(sheet.name);
    if (problem !== undefined) {
      throw new DataToolError(
        'DATA_INPUT_INVALID',
        `Sheet name ${JSON.stringify(sheet.name)} ${problem}; choose another.`,
      );
    }
    const key = sheet.name.toLowerCase();
    if (seen.has(key)) {
      throw new DataToolError(
        'DATA_INPUT_INVALID',
        `Two sheets are named '${sheet.name}' (Excel ignores case); name each once.`,
      );
    }
    seen.add(key);
    cells += (sheet.columns?.length ?? 0) + sheet.rows.reduce((sum, row) => sum + row.length, 0);
  }
  if (cells > maxCells) {
    throw new DataToolError(
      'DATA_INPUT_INVALID',
      `The sheets hold ${formatCount(cells)} cells; xlsx_writer writes at most ${formatCount(maxCells)} (Svc:Tools:Data:MaxWriteCells). Split the data over several files.`,
    );
  }
}
