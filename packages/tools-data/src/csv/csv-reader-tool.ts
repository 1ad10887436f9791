import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { bindDataSettings, type DataSettings, type DataSettingsInput } from '../data-settings.js';
import { columnLetters } from '../shared/cell.js';
import { ColumnStatistics } from '../shared/column-statistics.js';
import { runDataTool } from '../shared/data-tool-run.js';
import { formatCount } from '../shared/quantities.js';
import { RowWindow } from '../shared/row-window.js';
import { rowWindowInput } from '../shared/row-window-input.js';
import { tableLimits, tableResultCharacters } from '../shared/table-limits.js';
import { countReport, rowsReport, statisticsReport, type TableSource } from '../shared/table-report.js';
import { openFileStream } from '../shared/vfs-access.js';
import { type CsvScan, scanCsvRecords } from './csv-records.js';

export const csvReaderToolName = 'csv_reader';

export const csvReaderInput = z.strictObject({
  path: z.string().describe('Virtual path of the CSV file, e.g. /workspace/data/sales.csv.'),
  mode: z
    .enum(['rows', 'count', 'statistics'])
    .default('rows')
    .describe(
      '"rows" returns rows from offset; "count" reads the whole file and returns the number of rows; "statistics" reads the whole file and summarises each column (filled, numbers min/max/mean, distinct values).',
    ),
  ...rowWindowInput,
  header: z.boolean().default(true).describe('The first row names the columns (true) or is data (false).'),
  delimiter: z
    .string()
    .min(1)
    .max(4)
    .optional()
    .describe('Field separator, e.g. ";" or "\\t"; guessed from the first lines when absent.'),
  encoding: z.enum(['utf-8', 'latin1', 'utf-16le']).default('utf-8').describe('Text encoding of the file.'),
  lenient: z
    .boolean()
    .default(false)
    .describe('Accept stray quotes and skip unreadable records instead of refusing the file.'),
});

export type CsvReaderInput = z.output<typeof csvReaderInput>;

/**
 * The `csv_reader` tool: streams a CSV file through the file system a chunk at a
 * time, returning a window of rows, the row count or per-column statistics, and
 * stops reading as soon as the requested rows are in. Settings: `Svc:Tools:Data`.
 */
export function createCsvReaderTool(settings: DataSettingsInput = {}): Tool<CsvReaderInput> {
  const bound = bindDataSettings(settings);
  return defineTool({
    name: csvReaderToolName,
    description:
      'Reads a CSV file by its virtual path, streamed: rows from an offset (with a note of what was cut and how to get more), the exact row count, or statistics of every column over the whole file. The delimiter is guessed unless given.',
    access: 'Read',
    input: csvReaderInput,
    maxResultCharacters: tableResultCharacters(bound),
    timeoutMilliseconds: bound.TimeoutSeconds * 1_000,
    execute: (input, context) =>
      runDataTool(context, async () => {
        const file = await openFileStream(context.vfs, input.path);
        const progress = context.reportProgress;
        const options = {
          path: file.path,
          delimiter: input.delimiter,
          encoding: input.encoding,
          lenient: input.lenient,
          maxRecordCharacters: bound.MaxRecordCharacters,
          signal: context.signal,
          ...(progress === undefined
            ? {}
            : {
                onProgress: (bytes: number) =>
                  progress({
                    progress: bytes,
                    total: file.size,
                    message: `Read ${formatCount(bytes)} of ${formatCount(file.size)} bytes`,
                  }),
              }),
        };
        const reader = new CsvTableReader(input, bound, `'${file.path}'`);
        const scan = await scanCsvRecords(file.stream, options, (record) => reader.take(record));
        return reader.report(scan, file.size);
      }),
  });
}

/** Turns the stream of records into the answer of one mode. */
class CsvTableReader {
  readonly #input: CsvReaderInput;
  readonly #settings: DataSettings;
  readonly #label: string;
  #header: string[] | undefined;
  #window: RowWindow | undefined;
  #rows = 0;
  #width = 0;
  readonly #statistics = new ColumnStatistics();
  #limitNote: string | undefined;

  constructor(input: CsvReaderInput, settings: DataSettings, label: string) {
    this.#input = input;
    this.#settings = settings;
    this.#label = label;
  }

  take(record: string[]): boolean {
    if (this.#input.header && this.#header === undefined) {
      this.#header = record;
      return true;
    }
    const index = this.#rows;
    this.#rows += 1;
    this.#width = Math.max(this.#width, record.length);
    switch (this.#input.mode) {
      case 'count':
        return true;
      case 'statistics':
        this.#statistics.add(record);
        return true;
      default:
        return this.#rowWindow().offer(index, record);
    }
  }

  report(scan: CsvScan, size: number): string {
    const notes: string[] = [];
    if (this.#input.delimiter === undefined && scan.delimiter !== ',') {
      notes.push(`The delimiter was taken to be ${JSON.stringify(scan.delimiter)}.`);
    }
    if (scan.skippedRecords > 0) {
      notes.push(`${formatCount(scan.skippedRecords)} unreadable records were skipped (lenient).`);
    }
    if (this.#limitNote !== undefined) notes.push(this.#limitNote);
    const source: TableSource = {
      label: this.#label,
      columns: this.#columns(),
      complete: !scan.stoppedEarly,
      ...(scan.stoppedEarly && scan.bytesParsed > 0
        ? { estimatedTotal: Math.round((this.#rows * size) / scan.bytesParsed) }
        : {}),
      notes,
    };
    switch (this.#input.mode) {
      case 'count':
        return countReport(source, this.#rows);
      case 'statistics':
        return statisticsReport(source, this.#statistics, (index) => columnLetters(index + 1));
      default:
        return rowsReport(source, this.#rowWindow(), this.#limits().maxCellCharacters);
    }
  }

  #columns(): string[] {
    if (this.#header !== undefined) return this.#header;
    return Array.from({ length: this.#width }, (_, index) => columnLetters(index + 1));
  }

  #limits() {
    return tableLimits(this.#settings, this.#input.limit, JSON.stringify(this.#header ?? []).length);
  }

  #rowWindow(): RowWindow {
    if (this.#window === undefined) {
      const limits = this.#limits();
      this.#limitNote = limits.note;
      this.#window = new RowWindow({ offset: this.#input.offset, ...limits });
    }
    return this.#window;
  }
}
