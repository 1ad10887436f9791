import { createRequire } from 'node:module';

/** The version of the `orkeon` package, read from its package.json. */
export const cliVersion: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
