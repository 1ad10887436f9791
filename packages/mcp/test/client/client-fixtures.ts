import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, type Logger } from '@orkeon/core';
import { type McpServerSettings, mcpServerSettingsSchema } from '../../src/index.js';

export const countStartsPath = fileURLToPath(new URL('./fixtures/count-starts.sh', import.meta.url));
export const rawServerPath = fileURLToPath(new URL('./fixtures/raw-stdio-server.mjs', import.meta.url));
export const modernServerPath = fileURLToPath(new URL('./fixtures/modern-server.mjs', import.meta.url));
export const everythingServerPath = fileURLToPath(
  new URL('../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

const tsxLoader = fileURLToPath(new URL('../../../../node_modules/tsx/dist/loader.mjs', import.meta.url));

/**
 * Orkeon's own MCP server as a stdio child, serving the `work` tool that reports progress
 * and logs (`legacy`: it refuses `server/discover`, so the client settles on initialize).
 */
export function orkeonWorkServer(era: 'modern' | 'legacy'): { Command: string; Args: string[] } {
  return {
    Command: process.execPath,
    Args: [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(tsxLoader).href,
      fileURLToPath(new URL('./orkeon-work-server.ts', import.meta.url)),
      ...(era === 'legacy' ? ['legacy'] : []),
    ],
  };
}

/** A server entry as the settings binding would give it (defaults filled in). */
export function serverSettings(entry: Record<string, unknown>): McpServerSettings {
  return mcpServerSettingsSchema.parse(entry);
}

export function rawServer(mode: string, extra: Record<string, unknown> = {}, ...args: string[]): McpServerSettings {
  return serverSettings({ Command: process.execPath, Args: [rawServerPath, mode, ...args], ...extra });
}

/** A logger whose lines (JSON) are kept for the test to read. */
export function capturingLogger(): { logger: Logger; lines: () => { level: number; msg: string }[] } {
  const written: string[] = [];
  const destination = { write: (line: string) => written.push(line) !== 0 } as unknown as NodeJS.WritableStream;
  const logger = createLogger({ level: 'debug', format: 'json', destination });
  return { logger, lines: () => written.flatMap((line) => line.trim().split('\n')).map((line) => JSON.parse(line)) };
}

/** A stdio server entry started through count-starts.sh, which writes each process id to `pidFile`. */
export function counted(
  pidFile: string,
  entry: { Command: string; Args: string[] },
): { Command: string; Args: string[] } {
  return { Command: '/bin/sh', Args: [countStartsPath, pidFile, entry.Command, ...entry.Args] };
}

/** How many server processes count-starts.sh saw start. */
export async function startsIn(pidFile: string): Promise<number> {
  const text = await readFile(pidFile, 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

/** The requests a fixture noted with `methods=<file>`, as `{ pid, method }` in arrival order. */
export async function methodsIn(file: string): Promise<{ pid: string; method: string }[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [pid = '', method = ''] = line.split(' ');
      return { pid, method };
    });
}
