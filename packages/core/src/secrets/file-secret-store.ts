import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { SecretStoreError, secretVariableName } from './environment-secret-store.js';
import type { SecretStore, SecretWriteOptions } from './secret-store.js';

/** A secret file others may read or change, or one that is not a JSON object of texts. */
export class SecretFileError extends OrkeonError<CoreErrorCode> {
  constructor(code: 'SECRET_FILE_UNSAFE' | 'SECRET_FILE_INVALID', message: string) {
    super(code, message);
  }
}

/** `~/.orkeon/secrets.json` (os.homedir()): beside the user's other Orkeon credentials, away from the data it protects. */
export function defaultSecretFilePath(): string {
  return join(homedir(), '.orkeon', 'secrets.json');
}

// Writes to one file are serialized within this process, so two provisions never drop each other's secret;
// the rename keeps the file whole for readers in other processes.
const pending = new Map<string, Promise<unknown>>();

/**
 * Secrets in one owner-only JSON file of names and values (`{"orkeon-encryption-key": "…"}`):
 * for a machine without a vault, where a key must outlive the process that made it. The file
 * is created with mode 0600 (its folder 0700); a file that other users could read or change
 * is refused, not repaired, since someone may already have read it (`chmod 600 <file>`).
 */
export class FileSecretStore implements SecretStore {
  /** The absolute path of the file. */
  readonly path: string;

  constructor(path: string = defaultSecretFilePath()) {
    this.path = resolve(path);
  }

  locationOf(): string {
    return `the file ${this.path}`;
  }

  async get(name: string): Promise<string | undefined> {
    secretVariableName(name);
    const secrets = await this.#read();
    const value = Object.hasOwn(secrets, name) ? secrets[name] : undefined;
    return value === undefined || value === '' ? undefined : value;
  }

  async set(name: string, value: string, options: SecretWriteOptions = {}): Promise<void> {
    secretVariableName(name);
    await this.#exclusive(async () => {
      const secrets = await this.#read();
      if (options.overwrite !== true && (secrets[name] ?? '') !== '')
        throw new SecretStoreError(
          `The secret '${name}' exists in ${this.path}; it is not replaced unless overwrite is asked for.`,
        );
      await this.#write({ ...secrets, [name]: value });
    });
  }

  #exclusive(work: () => Promise<void>): Promise<void> {
    const run = (pending.get(this.path) ?? Promise.resolve()).then(work);
    pending.set(
      this.path,
      run.catch(() => undefined),
    );
    return run;
  }

  async #read(): Promise<Record<string, string>> {
    const handle = await open(this.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (handle === undefined) return {};
    let text: string;
    try {
      const { mode } = await handle.stat();
      if (process.platform !== 'win32' && (mode & 0o077) !== 0)
        throw new SecretFileError(
          'SECRET_FILE_UNSAFE',
          `The secret file ${this.path} has mode ${(mode & 0o777).toString(8).padStart(4, '0')}: other users may read or change the keys it holds, so it is not read. Make it owner-only: chmod 600 ${this.path}`,
        );
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    return this.#parsed(text);
  }

  /** The file's secrets; the parser's own message is left out, as it may quote a value. */
  #parsed(text: string): Record<string, string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const valid =
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((value) => typeof value === 'string');
    if (!valid)
      throw new SecretFileError(
        'SECRET_FILE_INVALID',
        `The secret file ${this.path} is not a JSON object of names and text values ({"name": "value"}): fix it, or move it away and provision the keys again.`,
      );
    return parsed as Record<string, string>;
  }

  async #write(secrets: Record<string, string>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    // Created owner-only ('wx': never through a file someone placed there), then renamed over the old one.
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(secrets, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
