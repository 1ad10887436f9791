import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { McpClientError } from '../mcp-client-error.js';

/** What the store keeps for one MCP server (one record per `MCP:Servers:<id>`). */
export interface McpStoredCredentials {
  /** The MCP server URL the credentials were obtained for; a record for another URL is never used. */
  readonly serverUrl: string;
  /** The token response as the SDK saved it (access_token, token_type, refresh_token?, expires_in?, scope?, issuer?, …) */
  readonly tokens?: Readonly<Record<string, unknown>>;
  /** Client information from dynamic registration or pre-registration (client_id, client_secret?, issuer?, …). */
  readonly clientInformation?: Readonly<Record<string, unknown>>;
  /** The loopback redirect URL used at sign-in (dynamic registration binds it). */
  readonly redirectUrl?: string;
  /** ISO time of the last write. */
  readonly savedAt: string;
}

export interface McpTokenStoreOptions {
  /** The file, e.g. ~/.orkeon/mcp-credentials.json. Its folder is created (mode 0700) when missing. */
  readonly path: string;
  /** 32 bytes (AES-256-GCM) or undefined: the file is then plain JSON, still owner-only. */
  readonly encryptionKey?: Uint8Array;
}

type Servers = Record<string, McpStoredCredentials>;

const fileVersion = 1;
const algorithm = 'aes-256-gcm';
const associatedData = Buffer.from('orkeon-mcp-credentials:v1', 'utf8');
const nonceBytes = 12;
const tagBytes = 16;
const serverIdPattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const signInAgain = 'remove the file and sign in again with `orkeon mcp login <server-id>` for each server';

// Read-modify-write on one file is serialized per path within this process, so two stores never drop each
// other's records. Other processes are not locked out: two sign-ins at the same instant may keep only one of
// them, but the rename keeps the file whole. Sign-ins are rare and interactive, so no cross-process lock.
const pending = new Map<string, Promise<void>>();

/** `~/.orkeon/mcp-credentials.json` (os.homedir()). */
export function defaultMcpTokenStorePath(): string {
  return join(homedir(), '.orkeon', 'mcp-credentials.json');
}

/**
 * The OAuth credentials of remote MCP servers, kept in one owner-only JSON file so that a headless
 * `orkeon run` can use or refresh what `orkeon mcp login` obtained. With a key the file is sealed with
 * AES-256-GCM; a plain file is still read and gets encrypted on the next write.
 */
export class McpTokenStore {
  readonly #path: string;
  readonly #key: Buffer | undefined;

  constructor(options: McpTokenStoreOptions) {
    this.#path = resolve(options.path);
    const key = options.encryptionKey;
    if (key !== undefined && key.length !== 32)
      throw new McpClientError(
        'MCP_TOKEN_STORE_UNREADABLE',
        `The MCP token store key has ${key.length} bytes; AES-256-GCM needs 32. Set MCP:Auth:EncryptionKeySecretName to a secret holding 32 bytes in base64 (openssl rand -base64 32).`,
      );
    this.#key = key === undefined ? undefined : Buffer.from(key);
  }

  get path(): string {
    return this.#path;
  }

  async read(serverId: string): Promise<McpStoredCredentials | undefined> {
    checkServerId(serverId);
    const servers = await this.#load();
    return Object.hasOwn(servers, serverId) ? servers[serverId] : undefined;
  }

  /** Replaces the server's record (other servers' records are kept). */
  async write(serverId: string, credentials: Omit<McpStoredCredentials, 'savedAt'>): Promise<void> {
    checkServerId(serverId);
    return this.#exclusive(async () => {
      const servers = await this.#load();
      await this.#save({ ...servers, [serverId]: { ...credentials, savedAt: new Date().toISOString() } });
    });
  }

  /** Forgets the server's record; true when there was one. */
  async remove(serverId: string): Promise<boolean> {
    checkServerId(serverId);
    return this.#exclusive(async () => {
      const servers = await this.#load();
      if (!Object.hasOwn(servers, serverId)) return false;
      const { [serverId]: _removed, ...rest } = servers;
      await this.#save(rest);
      return true;
    });
  }

  /** Server ids with a record, sorted. */
  async list(): Promise<string[]> {
    return Object.keys(await this.#load()).sort();
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = (pending.get(this.#path) ?? Promise.resolve()).then(work);
    pending.set(this.#path, run.then(ignore, ignore));
    return run;
  }

  async #load(): Promise<Servers> {
    const handle = await open(this.#path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (handle === undefined) return {};
    let text: string;
    try {
      const { mode } = await handle.stat();
      // Like ssh with a private key: refuse rather than fix, since someone else may already have read it.
      if (process.platform !== 'win32' && (mode & 0o077) !== 0)
        throw this.#unreadable(
          `has mode ${(mode & 0o777).toString(8).padStart(4, '0')}, which lets other users read or change the credentials it holds. Make it owner-only: chmod 600 ${this.#path}`,
        );
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    const file = this.#json(text);
    if (file.encrypted === undefined) return this.#servers(file);
    if (this.#key === undefined)
      throw this.#unreadable(
        `is encrypted, but no key is configured: set MCP:Auth:EncryptionKeySecretName to the secret it was encrypted with (32 bytes in base64, made with openssl rand -base64 32), or ${signInAgain}.`,
      );
    return this.#servers(this.#json(this.#decrypt(this.#key, file.encrypted)));
  }

  /** Parses a plain form and checks its version; the JSON parser's own message is dropped as it quotes the text. */
  #json(text: string): Record<string, unknown> {
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch {
      throw this.#unreadable(`is not valid JSON; ${signInAgain}.`);
    }
    const version = isRecord(file) ? file.version : undefined;
    if (version !== fileVersion) {
      const found = typeof version === 'number' ? `version ${version}` : 'no version number';
      throw this.#unreadable(
        `has ${found}; this release of Orkeon reads version ${fileVersion}. Use the Orkeon release that wrote it, or ${signInAgain}.`,
      );
    }
    return file as Record<string, unknown>;
  }

  #servers(file: Record<string, unknown>): Servers {
    const { servers } = file;
    if (!isRecord(servers) || !Object.values(servers).every((r) => isRecord(r) && typeof r.serverUrl === 'string'))
      throw this.#unreadable(
        `is malformed ("servers" must map server ids to records with a serverUrl); ${signInAgain}.`,
      );
    return servers as Servers;
  }

  #decrypt(key: Buffer, envelope: unknown): string {
    const { algorithm: named, nonce, ciphertext, tag } = isRecord(envelope) ? envelope : {};
    if (named !== algorithm || typeof nonce !== 'string' || typeof ciphertext !== 'string' || typeof tag !== 'string')
      throw this.#unreadable(
        `has an "encrypted" section that is not ${algorithm} with nonce, ciphertext and tag; ${signInAgain}.`,
      );
    try {
      const decipher = createDecipheriv(algorithm, key, Buffer.from(nonce, 'base64'), { authTagLength: tagBytes });
      decipher.setAAD(associatedData);
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw this.#unreadable(
        `could not be decrypted: it was encrypted with another key, or it was changed. Set MCP:Auth:EncryptionKeySecretName to the key it was written with, or ${signInAgain}.`,
      );
    }
  }

  async #save(servers: Servers): Promise<void> {
    const plain = JSON.stringify({ version: fileVersion, servers });
    const text =
      this.#key === undefined ? plain : JSON.stringify({ version: fileVersion, encrypted: seal(this.#key, plain) });
    const folder = dirname(this.#path);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // A temporary file in the same folder, then rename: a crash leaves the old file or the new one, never half.
    const temporary = join(folder, `.${basename(this.#path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, `${text}\n`, { mode: 0o600, flag: 'wx', flush: true });
      await rename(temporary, this.#path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  #unreadable(problem: string): McpClientError {
    return new McpClientError('MCP_TOKEN_STORE_UNREADABLE', `The MCP token store ${this.#path} ${problem}`);
  }
}

function seal(key: Buffer, plaintext: string): Record<string, string> {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv(algorithm, key, nonce, { authTagLength: tagBytes });
  cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    algorithm,
    nonce: nonce.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

function checkServerId(serverId: string): void {
  if (typeof serverId !== 'string' || !serverIdPattern.test(serverId))
    throw new TypeError(
      `MCP server id ${JSON.stringify(serverId)} is not a settings key like MCP:Servers:<id>: it must match ${serverIdPattern.source}.`,
    );
}

function ignore(): void {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
