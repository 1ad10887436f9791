import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FileSecretStore } from '../../src/secrets/file-secret-store.js';
import type { SecretStore } from '../../src/secrets/secret-store.js';

describe('FileSecretStore', () => {
  it('creates the file owner-only (0600, its folder 0700) and keeps every secret', async () => {
    await using folder = await createTemporaryDirectory();
    const path = join(folder.path, 'keys', 'secrets.json');
    const secrets = new FileSecretStore(path);
    expect(await secrets.get('orkeon-encryption-key')).toBeUndefined();
    await secrets.set('orkeon-encryption-key', 'one');
    await secrets.set('orkeon-encryption-key-2', 'two');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder.path, 'keys'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      'orkeon-encryption-key': 'one',
      'orkeon-encryption-key-2': 'two',
    });
    // Another store on the same file, as another process would open it.
    expect(await new FileSecretStore(path).get('orkeon-encryption-key-2')).toBe('two');
    expect(secrets.locationOf()).toBe(`the file ${path}`);
  });

  it('never replaces a secret unless asked, and refuses names no store can carry', async () => {
    await using folder = await createTemporaryDirectory();
    const secrets = new FileSecretStore(join(folder.path, 'secrets.json'));
    await secrets.set('key', 'one');
    await expect(secrets.set('key', 'two')).rejects.toMatchObject({ code: 'SECRET_STORE_REFUSED' });
    expect(await secrets.get('key')).toBe('one');
    await secrets.set('key', 'two', { overwrite: true });
    expect(await secrets.get('key')).toBe('two');
    await expect(secrets.get('../key')).rejects.toMatchObject({ code: 'SECRET_STORE_REFUSED' });
  });

  it('refuses to read a file other users can read or change, naming the chmod that fixes it', async () => {
    await using folder = await createTemporaryDirectory();
    const path = join(folder.path, 'secrets.json');
    await writeFile(path, '{"key":"c2VjcmV0"}', { mode: 0o644 });
    await chmod(path, 0o644);
    const secrets = new FileSecretStore(path);
    await expect(secrets.get('key')).rejects.toMatchObject({
      code: 'SECRET_FILE_UNSAFE',
      message: expect.stringContaining(`chmod 600 ${path}`),
    });
    await expect(secrets.set('other', 'x')).rejects.toMatchObject({ code: 'SECRET_FILE_UNSAFE' });
    await chmod(path, 0o620);
    await expect(secrets.get('key')).rejects.toMatchObject({ code: 'SECRET_FILE_UNSAFE' });
    await chmod(path, 0o600);
    expect(await secrets.get('key')).toBe('c2VjcmV0');
  });

  it('refuses a file that is not a JSON object of texts, without quoting it', async () => {
    await using folder = await createTemporaryDirectory();
    await mkdir(folder.path, { recursive: true });
    for (const text of ['{"key": "hunter2', '["hunter2"]', '{"key": 42}']) {
      const path = join(folder.path, 'secrets.json');
      await writeFile(path, text, { mode: 0o600 });
      const failure = await new FileSecretStore(path).get('key').catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'SECRET_FILE_INVALID', message: expect.stringContaining(path) });
      expect((failure as Error).message).not.toContain('hunter2');
    }
  });

  it('is a SecretStore', () => {
    expectTypeOf<FileSecretStore>().toExtend<SecretStore>();
  });
});
