import { parse } from 'csv-parse/sync';

/** Separators tried when none is given; the one the header line uses most wins. */
const candidateDelimiters = [',', ';', '\t', '|'] as const;

/**
 * A CSV as text a retriever can match and a model can quote: one line per row,
 * `header: value; header: value`, the first row giving the headers. Each line carries
 * its headers, so a chunk cut from the middle of a table still says what its values are.
 * Empty cells are left out; cells past the headers are named `column N`.
 */
export function csvToText(csv: string, options: { readonly delimiter?: string } = {}): string {
  const delimiter = options.delimiter ?? guessDelimiter(csv);
  let rows: string[][];
  try {
    rows = parse(csv, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new Error(
      `the CSV cannot be parsed (${(error as Error).message}): check its quotes, or save it again as CSV.`,
      { cause: error },
    );
  }
  const [headerRow = [], ...records] = rows;
  const headers = headerRow.map((header, index) => oneLine(header) || `column ${index + 1}`);
  // A file of headers only still says what it is about.
  if (records.length === 0) return headers.join('; ');
  const lines: string[] = [];
  for (const record of records) {
    const cells: string[] = [];
    record.forEach((value, index) => {
      const cell = oneLine(value);
      if (cell !== '') cells.push(`${headers[index] ?? `column ${index + 1}`}: ${cell}`);
    });
    if (cells.length > 0) lines.push(cells.join('; '));
  }
  return lines.join('\n');
}

/** A cell on one line: a quoted cell may hold line breaks, which would split its row. */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The candidate used most on the first line outside quotes; `,` when none is. */
function guessDelimiter(csv: string): string {
  const firstLine = (
    csv
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? ''
  ).replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const candidate of candidateDelimiters) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}
