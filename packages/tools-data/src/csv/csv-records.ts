import type { Readable } from 'node:stream';
import { DataToolError } from '../errors/data-tool-error.js';
import { loadLibrary } from '../shared/load-library.js';
import { guessDelimiter } from './delimiter-guess.js';

export type CsvEncoding = 'utf-8' | 'latin1' | 'utf-16le';

export interface CsvRecordOptions {
  /** The virtual path, for messages. */
  readonly path: string;
  /** Field separator; guessed from the first lines when absent. */
  readonly delimiter?: string | undefined;
  readonly encoding: CsvEncoding;
  /** Accept stray quotes and skip records that cannot be parsed, instead of refusing the file. */
  readonly lenient: boolean;
  readonly maxRecordCharacters: number;
  readonly signal: AbortSignal;
  /** Told of the bytes parsed so far, about once a megabyte. */
  readonly onProgress?: (bytes: number) => void;
}

export interface CsvScan {
  readonly delimiter: string;
  /** Bytes the parser consumed (the whole file unless the visitor stopped early). */
  readonly bytesParsed: number;
  /** True when the visitor stopped the read before the end. */
  readonly stoppedEarly: boolean;
  /** Records skipped as unreadable (lenient only). */
  readonly skippedRecords: number;
}

const progressStepBytes = 1024 * 1024;
const sniffCharacters = 64 * 1024;

/**
 * Streams the records of a CSV file to `visit`, one at a time, until it answers false
 * or the file ends; then closes the file. Memory stays at one chunk and one record
 * (a record longer than `maxRecordCharacters`, e.g. from an unclosed quote, is refused).
 */
export async function scanCsvRecords(
  source: Readable,
  options: CsvRecordOptions,
  visit: (record: string[]) => boolean,
): Promise<CsvScan> {
  const { parse } = await loadLibrary('csv-parse', () => import('csv-parse'));
  const encoding = options.encoding === 'utf-8' ? 'utf8' : options.encoding === 'utf-16le' ? 'utf16le' : 'latin1';
  try {
    const first = await firstChunk(source);
    const delimiter =
      options.delimiter ??
      (first === undefined ? ',' : guessDelimiter(first.subarray(0, sniffCharacters).toString(encoding)));
    if (first !== undefined) source.unshift(first);
    let skippedRecords = 0;
    const parser = parse({
      bom: true,
      delimiter,
      encoding,
      max_record_size: options.maxRecordCharacters,
      relax_column_count: true,
      relax_quotes: options.lenient,
      skip_empty_lines: true,
      skip_records_with_error: options.lenient,
      on_skip: () => {
        skippedRecords += 1;
      },
    });
    const stop = () => parser.destroy(options.signal.reason);
    options.signal.addEventListener('abort', stop, { once: true });
    source.on('error', (error) => parser.destroy(error));
    source.pipe(parser);
    let stoppedEarly = false;
    let reported = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (!visit(record)) {
          stoppedEarly = true;
          break;
        }
        if (options.onProgress !== undefined && parser.info.bytes - reported >= progressStepBytes) {
          reported = parser.info.bytes;
          options.onProgress(reported);
        }
      }
    } catch (error) {
      throw malformed(error, options.path) ?? error;
    } finally {
      options.signal.removeEventListener('abort', stop);
    }
    return { delimiter, bytesParsed: parser.info.bytes, stoppedEarly, skippedRecords };
  } finally {
    source.destroy();
  }
}

function malformed(error: unknown, path: string): DataToolError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !(code.startsWith('CSV_') || code === 'INVALID_OPENING_QUOTE')) return undefined;
  const reason = (error as Error).message;
  const fix =
    code === 'CSV_MAX_RECORD_SIZE'
      ? `One record is longer than Svc:Tools:Data:MaxRecordCharacters (often an unclosed quote that swallows the rest of the file); fix the quote, or raise the setting.`
      : 'Fix the file, give the right delimiter, or pass lenient: true to skip what cannot be read.';
  return new DataToolError('DATA_FILE_MALFORMED', `'${path}' is not valid CSV: ${reason}. ${fix}`, {
    cause: error,
  });
}

/** The first chunk of a paused stream, left for the caller to put back with `unshift`. */
function firstChunk(stream: Readable): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
