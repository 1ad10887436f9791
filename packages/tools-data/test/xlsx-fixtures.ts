import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';

export type Row = (string | number | boolean | Date | null)[];

/** A workbook written whole by ExcelJS: sheets, then shared strings, styles and workbook.xml last. */
export async function writeWholeWorkbook(path: string, sheets: Record<string, Row[]>): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  await writeFile(path, Buffer.from(await workbook.xlsx.writeBuffer()));
}

/** A workbook written by ExcelJS's streaming writer (the order large exports have). */
export async function writeStreamedWorkbook(
  path: string,
  sheets: Record<string, Row[] | ((add: (row: Row) => void) => void)>,
  options: { useSharedStrings: boolean; useStyles: boolean },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, ...options });
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    const add = (row: Row) => sheet.addRow(row).commit();
    if (typeof rows === 'function') rows(add);
    else for (const row of rows) add(row);
    sheet.commit();
  }
  await workbook.commit();
}

/** The cells of a sheet as ExcelJS's own full reader sees them. */
export async function loadCells(bytes: Buffer, sheet: string): Promise<ExcelJS.Cell[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: ExcelJS.Cell[] = [];
  workbook.getWorksheet(sheet)?.eachRow((row) => {
    row.eachCell((cell) => {
      cells.push(cell);
    });
  });
  return cells;
}
