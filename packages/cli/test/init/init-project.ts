import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { finished, startOrkeon } from '../orkeon-process.js';

/** The files `orkeon init` writes, relative to the project's folder. */
export const projectFiles = ['crew.yaml', 'tools/text-stats.mts', 'appsettings.json', '.gitignore', 'README.md'];

/** `orkeon <args>` in a real process in `cwd`, with only `environment` (and PATH) set; resolves when it ends. */
export function orkeon(args: readonly string[], cwd: string, environment: Record<string, string> = {}) {
  return finished(startOrkeon(args, { cwd, environment }));
}

/** The settings file as data: Orkeon's settings files take `//` comments, which JSON does not. */
export async function readSettings(folder: string): Promise<Record<string, unknown>> {
  const text = await readFile(join(folder, 'appsettings.json'), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>;
}

/** Every file under `folder`, relative, with its bytes: what a test compares before and after. */
export async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(folder, path)] = (await readFile(path)).toString('base64');
  }
  return files;
}
