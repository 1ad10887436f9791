import { createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultMcpTokenStorePath, McpTokenStore } from '@orkeon/mcp';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// Every secret value carries SECRET, so a message quoting even part of one is caught.
const accessToken = 'at-SECRET-3f9c1d7e5b2a';
const credentials = {
  serverUrl: 'https://mcp.example.com/mcp',
  tokens: {
    access_token: accessToken,
    token_type: 'Bearer',
    refresh_token: 'rt-SECRET-8e4b6a0c2d1f',
    expires_in: 3600,
  },
  clientInformation: { client_id: 'orkeon-client', client_secret: 'cs-SECRET-77aa' },
  redirectUrl: 'http://127.0.0.1:33418/callback',
};
const posix = process.platform !== 'win32';

async function withFolder<T>(body: (folder: string) => Promise<T>): Promise<T> {
  const temporary = await createTemporaryDirectory('orkeon-mcp-tokens-');
  try {
    return await body(temporary.path);
  } finally {
    await temporary.remove();
  }
}

/** The error `promise` rejects with; fails the test when it resolves. */
async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome as Error & { code?: string };
}

async function writeOwnerOnly(path: string, text: string): Promise<void> {
  await writeFile(path, text, { mode: 0o600 });
  await chmod(path, 0o600);
}

describe('McpTokenStore', () => {
  it('round-trips a plain record and reports none for a missing file', () =>
    withFolder(async (folder) => {
      const store = new McpTokenStore({ path: join(folder, 'credentials.json') });
      expect(await store.read('github')).toBeUndefined();
      expect(await store.list()).toEqual([]);
      expect(await store.remove('github')).toBe(false);
      expect(await readdir(folder)).toEqual([]);

      await store.write('github', credentials);
      const record = await store.read('github');
      expect(record).toMatchObject(credentials);
      expect(Number.isNaN(Date.parse(record?.savedAt ?? ''))).toBe(false);
      const file = JSON.parse(await readFile(store.path, 'utf8'));
      expect(file).toMatchObject({ version: 1, servers: { github: credentials } });
      expect(await readdir(folder)).toEqual(['credentials.json']);
    }));

  it('round-trips an encrypted record with a fresh nonce on every write', () =>
    withFolder(async (folder) => {
      const key = randomBytes(32);
      const store = new McpTokenStore({ path: join(folder, 'credentials.json'), encryptionKey: key });
      await store.write('github', credentials);
      const first = JSON.parse(await readFile(store.path, 'utf8'));
      await store.write('github', credentials);
      const text = await readFile(store.path, 'utf8');
      const second = JSON.parse(text);
      expect(second).toEqual({ version: 1, encrypted: expect.objectContaining({ algorithm: 'aes-256-gcm' }) });
      expect(Buffer.from(second.encrypted.nonce, 'base64')).toHaveLength(12);
      expect(second.encrypted.nonce).not.toBe(first.encrypted.nonce);
      expect(text).not.toContain(accessToken);
      expect(text).not.toContain('mcp.example.com');
      expect(await store.read('github')).toMatchObject(credentials);

      // The envelope is what the format promises: AES-256-GCM with the fixed associated data over the plain form.
      const { nonce, ciphertext, tag } = second.encrypted;
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
      decipher.setAAD(Buffer.from('orkeon-mcp-credentials:v1'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
      expect(JSON.parse(plain.toString('utf8'))).toMatchObject({ version: 1, servers: { github: credentials } });
    }));

  it('keeps the other servers on a write and a remove', () =>
    withFolder(async (folder) => {
      const store = new McpTokenStore({ path: join(folder, 'credentials.json') });
      await store.write('github', credentials);
      await store.write('linear', { serverUrl: 'https://mcp.linear.app/mcp' });
      await store.write('github', { ...credentials, tokens: { access_token: 'at-new', token_type: 'Bearer' } });
      expect(await store.list()).toEqual(['github', 'linear']);
      expect((await store.read('linear'))?.serverUrl).toBe('https://mcp.linear.app/mcp');
      expect((await store.read('github'))?.tokens?.access_token).toBe('at-new');

      expect(await store.remove('linear')).toBe(true);
      expect(await store.remove('linear')).toBe(false);
      expect(await store.list()).toEqual(['github']);
      expect(await store.read('github')).toMatchObject({ serverUrl: credentials.serverUrl });
    }));

  it.skipIf(!posix)('writes the file 0600 in a folder it creates 0700', () =>
    withFolder(async (folder) => {
      const store = new McpTokenStore({ path: join(folder, 'orkeon', 'credentials.json') });
      await store.write('github', credentials);
      expect((await stat(join(folder, 'orkeon'))).mode & 0o777).toBe(0o700);
      expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    }),
  );

  it.skipIf(!posix)('refuses a file other users can read, naming the fix, and leaves it as it is', () =>
    withFolder(async (folder) => {
      const store = new McpTokenStore({ path: join(folder, 'credentials.json') });
      await store.write('github', credentials);
      await chmod(store.path, 0o644);
      // One call at a time: a second call's rejection must not wait unhandled while the first is judged.
      for (const attempt of [
        () => store.read('github'),
        () => store.write('linear', { serverUrl: 'https://x.test/mcp' }),
      ]) {
        const error = await failure(attempt());
        expect(error.code).toBe('MCP_TOKEN_STORE_UNREADABLE');
        expect(error.message).toContain(store.path);
        expect(error.message).toContain('0644');
        expect(error.message).toContain(`chmod 600 ${store.path}`);
      }
      expect((await stat(store.path)).mode & 0o777).toBe(0o644);
      await chmod(store.path, 0o660);
      expect((await failure(store.list())).message).toContain('0660');
    }),
  );

  it('refuses an encrypted file when no key is configured', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      await new McpTokenStore({ path, encryptionKey: randomBytes(32) }).write('github', credentials);
      const error = await failure(new McpTokenStore({ path }).read('github'));
      expect(error.code).toBe('MCP_TOKEN_STORE_UNREADABLE');
      expect(error.message).toContain(path);
      expect(error.message).toContain('MCP:Auth:EncryptionKeySecretName');
    }));

  it('refuses a file encrypted with another key', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      await new McpTokenStore({ path, encryptionKey: randomBytes(32) }).write('github', credentials);
      const error = await failure(new McpTokenStore({ path, encryptionKey: randomBytes(32) }).read('github'));
      expect(error.code).toBe('MCP_TOKEN_STORE_UNREADABLE');
      expect(error.message).toMatch(/another key/);
      expect(error.message).toContain('orkeon mcp login <server-id>');
    }));

  it('refuses a file whose ciphertext was changed', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      const store = new McpTokenStore({ path, encryptionKey: randomBytes(32) });
      await store.write('github', credentials);
      const file = JSON.parse(await readFile(path, 'utf8'));
      const ciphertext = Buffer.from(file.encrypted.ciphertext, 'base64');
      ciphertext[5] = (ciphertext[5] ?? 0) ^ 0x01;
      file.encrypted.ciphertext = ciphertext.toString('base64');
      await writeOwnerOnly(path, JSON.stringify(file));
      const error = await failure(store.read('github'));
      expect(error.code).toBe('MCP_TOKEN_STORE_UNREADABLE');
      expect(error.message).toMatch(/changed/);
    }));

  it('reads a plain file with a key and encrypts it on the next write', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      await new McpTokenStore({ path }).write('github', credentials);
      const store = new McpTokenStore({ path, encryptionKey: randomBytes(32) });
      expect(await store.read('github')).toMatchObject(credentials);

      await store.write('linear', { serverUrl: 'https://mcp.linear.app/mcp' });
      const text = await readFile(path, 'utf8');
      expect(JSON.parse(text)).not.toHaveProperty('servers');
      expect(JSON.parse(text).encrypted.ciphertext).not.toContain(accessToken);
      expect(text).not.toContain(accessToken);
      expect(await store.list()).toEqual(['github', 'linear']);
      expect(await store.read('github')).toMatchObject(credentials);
    }));

  it.each([
    ['malformed JSON', '{"version": 1, "servers": {', /not valid JSON/],
    ['an unknown version', '{"version": 2}', /version 2; this release of Orkeon reads version 1/],
    ['no servers', '{"version": 1}', /malformed/],
    ['a record without serverUrl', '{"version": 1, "servers": {"github": {}}}', /serverUrl/],
  ])('refuses %s with a message naming the file', (_name, text, problem) =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      await writeOwnerOnly(path, text);
      const error = await failure(new McpTokenStore({ path }).list());
      expect(error.code).toBe('MCP_TOKEN_STORE_UNREADABLE');
      expect(error.message).toContain(path);
      expect(error.message).toMatch(problem);
    }),
  );

  it('keeps all records when two stores write 20 servers at once', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      const stores = [new McpTokenStore({ path }), new McpTokenStore({ path: join(folder, '.', 'credentials.json') })];
      const ids = Array.from({ length: 20 }, (_, index) => `server-${String(index).padStart(2, '0')}`);
      await Promise.all(
        ids.map((id, index) => stores[index % 2]?.write(id, { serverUrl: `https://${id}.example.com/mcp` })),
      );
      expect(await stores[0]?.list()).toEqual(ids);
      expect(await readdir(folder)).toEqual(['credentials.json']);
    }));

  it('never puts a token value into an error message', () =>
    withFolder(async (folder) => {
      const path = join(folder, 'credentials.json');
      const key = randomBytes(32);
      const plainText = JSON.stringify({ version: 1, servers: { github: credentials } });
      const messages: string[] = [];
      const collect = async (attempt: () => Promise<unknown>) => {
        const error = await failure(attempt());
        messages.push(error.message, String(error.cause ?? ''), JSON.stringify(error));
      };

      // V8's JSON.parse messages quote the text around the fault, which is a token here.
      await writeOwnerOnly(path, plainText.replace(`"${accessToken}"`, accessToken));
      await collect(() => new McpTokenStore({ path }).read('github'));
      await writeOwnerOnly(path, JSON.stringify({ version: accessToken, servers: {} }));
      await collect(() => new McpTokenStore({ path }).read('github'));
      await writeOwnerOnly(path, plainText);
      if (posix) {
        await chmod(path, 0o640);
        await collect(() => new McpTokenStore({ path }).read('github'));
        await chmod(path, 0o600);
      }
      await new McpTokenStore({ path, encryptionKey: key }).write('github', credentials);
      await collect(() => new McpTokenStore({ path }).read('github'));
      await collect(() => new McpTokenStore({ path, encryptionKey: randomBytes(32) }).read('github'));

      expect(messages.length).toBeGreaterThanOrEqual(12);
      for (const message of messages) {
        expect(message).not.toContain('SECRET');
      }
    }));

  it('refuses server ids that are not settings keys, and keys that are not 32 bytes', () =>
    withFolder(async (folder) => {
      const store = new McpTokenStore({ path: join(folder, 'credentials.json') });
      for (const id of ['', '1st', 'a/b', '__proto__', 'x'.repeat(65), 'has space']) {
        await expect(store.read(id)).rejects.toThrow(TypeError);
        await expect(store.write(id, { serverUrl: 'https://x.test/mcp' })).rejects.toThrow(/MCP:Servers:<id>/);
        await expect(store.remove(id)).rejects.toThrow(TypeError);
      }
      await store.write('constructor', { serverUrl: 'https://x.test/mcp' });
      expect(await store.read('toString')).toBeUndefined();
      expect(await store.list()).toEqual(['constructor']);

      expect(() => new McpTokenStore({ path: store.path, encryptionKey: randomBytes(16) })).toThrow(
        expect.objectContaining({ code: 'MCP_TOKEN_STORE_UNREADABLE', message: expect.stringMatching(/16 bytes/) }),
      );
    }));

  it('defaults to ~/.orkeon/mcp-credentials.json', () => {
    expect(defaultMcpTokenStorePath()).toBe(join(homedir(), '.orkeon', 'mcp-credentials.json'));
  });
});
