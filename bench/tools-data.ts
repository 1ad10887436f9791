// The data readers on large files: a CSV and an XLSX of ORKEON_BENCH_DATA_MB megabytes each
// (default 200) are generated in a temporary folder, then read to the end by csv_reader and
// xlsx_reader ("count" and "statistics" modes, nothing returned but the answer) and by the
// parser libraries used directly (csv-parse; ExcelJS's streaming WorkbookReader). Each read
// runs in its own process, so its memory growth (peak RSS and heap over the process's
// baseline, sampled every 20 ms) is its own. `npm run bench -- data` once bench/run.ts lists it;
// alone: `node --conditions=@orkeon/source --import tsx bench/tools-data.ts`.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const megabyte = 1024 * 1024;
const sampleMilliseconds = 20;
const loader = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
const cities = ['Oslo', 'Rome', 'Lima', 'Kyiv', 'Pune', 'Doha', 'Cork', 'Bern'];

type ReadCase =
  | 'csv_reader count'
  | 'csv_reader statistics'
  | 'csv-parse'
  | 'xlsx_reader count'
  | 'xlsx_reader statistics'
  | 'exceljs';

export interface DataReaderMeasure {
  readonly format: 'CSV' | 'XLSX';
  readonly label: string;
  readonly rows: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
  /** Peak growth over the process's baseline, in MB. */
  readonly rssGrowthMb: number;
  readonly heapGrowthMb: number;
  /** Growth of the heap still live after a full collection, sampled each second, in MB. */
  readonly liveHeapGrowthMb: number;
  /** Our rows/s ÷ the library's, on our rows only. */
  readonly ratio?: number;
}

export interface DataReadersResult {
  readonly csvBytes: number;
  readonly xlsxBytes: number;
  readonly measures: readonly DataReaderMeasure[];
}

interface WorkerAnswer {
  readonly rows: number;
  readonly seconds: number;
  readonly rssGrowth: number;
  readonly heapGrowth: number;
  readonly liveHeapGrowth: number;
}

/** Generates both files, reads each in every way, and removes the files. */
export async function measureDataReaders(): Promise<DataReadersResult> {
  const targetBytes = Number(process.env.ORKEON_BENCH_DATA_MB ?? 200) * megabyte;
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-data-'));
  try {
    const csv = join(folder, 'big.csv');
    const xlsx = join(folder, 'big.xlsx');
    await writeCsv(csv, targetBytes);
    await writeXlsx(xlsx, targetBytes);
    const measures: DataReaderMeasure[] = [];
    const run = async (format: 'CSV' | 'XLSX', file: string, cases: ReadCase[]) => {
      const answers = new Map<ReadCase, WorkerAnswer>();
      for (const readCase of cases) answers.set(readCase, await runWorker(readCase, file));
      const anchor = answers.get(cases.at(-1) as ReadCase) as WorkerAnswer;
      for (const [readCase, answer] of answers) {
        const rowsPerSecond = answer.rows / answer.seconds;
        const ours = readCase !== cases.at(-1);
        measures.push({
          format,
          label: readCase,
          rows: answer.rows,
          seconds: answer.seconds,
          rowsPerSecond,
          rssGrowthMb: answer.rssGrowth / megabyte,
          heapGrowthMb: answer.heapGrowth / megabyte,
          liveHeapGrowthMb: answer.liveHeapGrowth / megabyte,
          ...(ours ? { ratio: rowsPerSecond / (anchor.rows / anchor.seconds) } : {}),
        });
      }
    };
    await run('CSV', csv, ['csv_reader count', 'csv_reader statistics', 'csv-parse']);
    await run('XLSX', xlsx, ['xlsx_reader count', 'xlsx_reader statistics', 'exceljs']);
    return { csvBytes: statSync(csv).size, xlsxBytes: statSync(xlsx).size, measures };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The markdown lines of the section in docs/benchmarks.md. */
export function dataReadersSection(result: DataReadersResult): string[] {
  const size = (bytes: number) => `${(bytes / megabyte).toFixed(0)} MB`;
  return [
    '## Data readers (CSV and XLSX read to the end)',
    '',
    `A ${size(result.csvBytes)} CSV and a ${size(result.xlsxBytes)} XLSX (ExcelJS streaming writer, shared strings), each read whole in its own process. RSS and heap are the peak growth over the process's baseline (garbage not yet collected included); live heap is the growth of what survives a full collection, sampled each second. The goal for our tools is under 64 MB.`,
    '',
    '| File | Reader | Rows | Seconds | Rows/s | RSS growth | Heap growth | Live heap growth | Rows/s vs library |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.measures.map(
      (measure) =>
        `| ${measure.format} | ${measure.label} | ${measure.rows.toLocaleString('en-US')} | ${measure.seconds.toFixed(1)} | ${Math.round(measure.rowsPerSecond).toLocaleString('en-US')} | ${measure.rssGrowthMb.toFixed(1)} MB | ${measure.heapGrowthMb.toFixed(1)} MB | ${measure.liveHeapGrowthMb.toFixed(1)} MB | ${measure.ratio === undefined ? '—' : `${measure.ratio.toFixed(2)}×`} |`,
    ),
    '',
  ];
}

async function writeCsv(path: string, targetBytes: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,city,amount,day,flag\n');
  let row = 0;
  while (out.bytesWritten + out.writableLength < targetBytes) {
    const lines: string[] = [];
    for (let index = 0; index < 10_000; index++, row++) {
      lines.push(
        `${row},${cities[row % cities.length]},${(row % 1000) * 1.25},2024-0${(row % 9) + 1}-1${row % 10},${row % 2 === 0}`,
      );
    }
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * ExcelJS's streaming writer holds most of a sheet until the sheet is committed, so the
 * file's size cannot be watched while rows go in: a pilot workbook gives the bytes per
 * row, and the real one gets that many rows. Runs in its own process (the writer's memory
 * is returned when it exits).
 */
async function writeXlsx(path: string, targetBytes: number): Promise<void> {
  const pilot = `${path}.pilot.xlsx`;
  const pilotRows = 100_000;
  await runNode(['generate-xlsx', pilot, String(pilotRows)]);
  const rows = Math.max(1_000, Math.round((targetBytes * pilotRows) / statSync(pilot).size));
  await rm(pilot);
  await runNode(['generate-xlsx', path, String(rows)]);
}

async function generateXlsx(path: string, rows: number): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['id', 'city', 'amount', 'day', 'flag']).commit();
  for (let row = 0; row < rows; row++) {
    sheet
      .addRow([
        row,
        cities[row % cities.length],
        (row % 1000) * 1.25,
        `2024-0${(row % 9) + 1}-1${row % 10}`,
        row % 2 === 0,
      ])
      .commit();
    if (row % 2_000 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  sheet.commit();
  await workbook.commit();
}

async function runNode(args: readonly string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--conditions=@orkeon/source', '--import', loader, fileURLToPath(import.meta.url), ...args],
    { maxBuffer: 1024 * 1024 },
  );
  return stdout;
}

async function runWorker(readCase: ReadCase, file: string): Promise<WorkerAnswer> {
  const stdout = await runNode(['worker', readCase, file]);
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as WorkerAnswer;
}

/** In a worker process: one read, measured. */
async function measureOne(readCase: ReadCase, file: string): Promise<WorkerAnswer> {
  const read = await prepare(readCase, file);
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, sampleMilliseconds);
  const collect = (globalThis as { gc?: () => void }).gc;
  let peakLive = baseline.heapUsed;
  const collector = setInterval(() => {
    collect?.();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, 1_000);
  const started = performance.now();
  const rows = await read();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(collector);
  return {
    rows,
    seconds,
    rssGrowth: peakRss - baseline.rss,
    heapGrowth: peakHeap - baseline.heapUsed,
    liveHeapGrowth: peakLive - baseline.heapUsed,
  };
}

/** Loads what a read needs before the baseline is taken, and returns the read itself. */
async function prepare(readCase: ReadCase, file: string): Promise<() => Promise<number>> {
  if (readCase === 'csv-parse') {
    const { parse } = await import('csv-parse');
    return async () => {
      let rows = 0;
      const parser = createReadStream(file).pipe(
        parse({ bom: true, relax_column_count: true, skip_empty_lines: true }),
      );
      for await (const _ of parser) rows += 1;
      return rows - 1;
    };
  }
  if (readCase === 'exceljs') {
    const { default: ExcelJS } = await import('exceljs');
    return async () => {
      let rows = 0;
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {});
      for await (const worksheet of reader) for await (const _ of worksheet) rows += 1;
      return rows - 1;
    };
  }
  const { VirtualFileSystem, isToolResult } = await import('@orkeon/core');
  const { createCsvReaderTool, createXlsxReaderTool } = await import('@orkeon/tools-data');
  const folder = join(file, '..');
  const vfs = (await VirtualFileSystem.create([`${folder}:/data:ro`])).agentView();
  const [tool, mode] = readCase.split(' ') as ['csv_reader' | 'xlsx_reader', 'count' | 'statistics'];
  const settings = { TimeoutSeconds: 3_600 };
  const execute = (
    tool === 'csv_reader' ? createCsvReaderTool(settings).execute : createXlsxReaderTool(settings).execute
  ) as (input: unknown, context: unknown) => Promise<unknown>;
  const input = { path: `/data/${file.endsWith('.csv') ? 'big.csv' : 'big.xlsx'}`, mode, offset: 0, header: true };
  const fullInput = tool === 'csv_reader' ? { ...input, encoding: 'utf-8', lenient: false } : input;
  const { createLogger } = await import('@orkeon/core');
  const context = {
    vfs,
    logger: createLogger({ level: 'fatal' }),
    signal: new AbortController().signal,
    caller: { kind: 'host' },
    callId: 'bench',
  };
  return async () => {
    const result = await execute(fullInput, context);
    if (!isToolResult(result) || result.outcome !== 'Success')
      throw new Error(`read failed: ${JSON.stringify(result)}`);
    return JSON.parse(result.output).rows as number;
  };
}

if (process.argv[2] === 'generate-xlsx') {
  await generateXlsx(process.argv[3] as string, Number(process.argv[4]));
} else if (process.argv[2] === 'worker') {
  const answer = await measureOne(process.argv[3] as ReadCase, process.argv[4] as string);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureDataReaders();
  process.stdout.write(`${dataReadersSection(result).join('\n')}\n`);
}
