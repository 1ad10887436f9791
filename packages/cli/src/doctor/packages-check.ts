import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DoctorCheck } from './doctor-check.js';

/** The optional Orkeon packages and what each one adds. */
export const optionalPackages: readonly { readonly name: string; readonly adds: string }[] = [
  { name: '@orkeon/providers', adds: 'the 16 language-model providers' },
  { name: '@orkeon/tools', adds: 'the shell and session tool families and the catalogue of every family' },
  { name: '@orkeon/tools-web', adds: 'the web tool family (http_api, scraping, search, GitHub, Slack)' },
  { name: '@orkeon/tools-data', adds: 'the data tool family (CSV, JSON, XML, PDF, DOCX, XLSX)' },
  { name: '@orkeon/tools-database', adds: 'the database tool family (relational, document and graph queries)' },
  { name: '@orkeon/tools-email', adds: 'the email tool family (IMAP mailboxes, SMTP sending)' },
  { name: '@orkeon/tools-code', adds: 'the code tool family (indexing and analysing a codebase)' },
  { name: '@orkeon/a2a', adds: 'serving and calling agents over A2A' },
  { name: '@orkeon/mcp', adds: 'MCP client and server' },
  { name: '@orkeon/store-sqlite', adds: 'checkpoint and document stores (A2A task records among them) on SQLite' },
  { name: '@orkeon/store-postgres', adds: 'the same stores on PostgreSQL, shared by several instances' },
  { name: '@orkeon/testing', adds: 'the scripted model server and other test doubles' },
];

/** One line per optional package: its version when installed, what it adds when not. */
export async function checkPackages(from: string = dirname(fileURLToPath(import.meta.url))): Promise<DoctorCheck[]> {
  return Promise.all(
    optionalPackages.map(async ({ name, adds }): Promise<DoctorCheck> => {
      const version = await installedVersion(name, from);
      return version === undefined
        ? { check: name, status: 'info', detail: `not installed; install it for ${adds}` }
        : { check: name, status: 'ok', detail: `${version} installed` };
    }),
  );
}

/** Looks for the package the way Node resolves it: in node_modules folders from `from` upwards. */
async function installedVersion(name: string, from: string): Promise<string | undefined> {
  for (let directory = from; ; directory = dirname(directory)) {
    try {
      const manifest = JSON.parse(await readFile(join(directory, 'node_modules', name, 'package.json'), 'utf8'));
      return typeof manifest.version === 'string' ? manifest.version : 'unknown version';
    } catch {
      // Not here; look one level up.
    }
    if (dirname(directory) === directory) return undefined;
  }
}
