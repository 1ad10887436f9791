import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AesGcmEncryptionProvider,
  createMemoryItem,
  decryptMemoryContent,
  EncryptedMemoryProvider,
} from '@orkeon/core';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOrkeon } from './run-cli-helpers.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
});
afterEach(async () => {
  await folder.remove();
});

const keys = (argv: string[], environment: Record<string, string> = {}) =>
  runOrkeon(['keys', ...argv], { environment, workingDirectory: folder.path });
const secretsFile = () => join(folder.path, 'secrets.json');
const fileStore = () => ['--secret-store', 'file', '--file', 'secrets.json'];

async function secretsOnFile(): Promise<Record<string, string>> {
  return JSON.parse(await readFile(secretsFile(), 'utf8')) as Record<string, string>;
}

/** A state file with two memories under `old-key`, one in clear; both keys in the secrets file. */
async function stateSealedWith(oldKey: string): Promise<string> {
  const path = join(folder.path, '.orkeon', 'state.db');
  await mkdir(join(folder.path, '.orkeon'));
  await using raw = new SqliteMemoryProvider({ path });
  const sealed = new EncryptedMemoryProvider(raw, { key: Buffer.from(oldKey, 'base64') });
  await sealed.storeWithEmbedding('door', createMemoryItem({ content: 'The door code is 4711.' }), [1, 0]);
  await sealed.store('boiler', createMemoryItem({ content: 'The boiler was serviced in May.' }));
  await raw.store('note', createMemoryItem({ content: 'Written in clear.' }));
  return path;
}

describe('orkeon keys provision', () => {
  it('creates a key in an owner-only file and never replaces it', async () => {
    const made = await keys(['provision', '--name', 'memory-key', ...fileStore()]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Created key 'memory-key' (256 bits) in ${secretsFile()} (owner-only).`);
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    const key = (await secretsOnFile())['memory-key'] ?? '';
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    const again = await keys(['provision', '--name', 'memory-key', ...fileStore()]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("orkeon: KEY_PROVISIONING_SECRET_EXISTS: The secret 'memory-key' exists");
    expect((await secretsOnFile())['memory-key']).toBe(key);
  });

  it('prints the variable line for the environment, which cannot keep a key, and refuses a variable that is set', async () => {
    const made = await keys(['provision', '--secret-store', 'env']);
    expect(made.code, made.stderr).toBe(0);
    const [line] = made.stdout.trim().split('\n');
    expect(line).toMatch(/^ORKEON_SECRET_ORKEON_ENCRYPTION_KEY=[A-Za-z0-9+/]{43}=$/);
    expect(made.stderr).toContain('The environment keeps no key after this command');
    const refused = await keys(['provision', '--secret-store', 'env'], {
      ORKEON_SECRET_ORKEON_ENCRYPTION_KEY: 'c2VjcmV0',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('KEY_PROVISIONING_SECRET_EXISTS');
    expect(refused.stdout).toBe('');
  });

  it('takes the name, store and file from Svc:Encryption, and refuses a size AES-256 does not take', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({
        Svc: { Encryption: { SecretName: 'from-settings', SecretStore: 'file', SecretFile: 'keys.json' } },
      }),
    );
    const made = await keys(['provision']);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(folder.path, 'keys.json'), 'utf8'))).toHaveProperty('from-settings');
    const wrongSize = await keys(['provision', '--name', 'small', '--bits', '128']);
    expect(wrongSize.code).toBe(1);
    expect(wrongSize.stderr).toContain('KEY_PROVISIONING_SIZE_INVALID');
    const misplaced = await keys(['provision', '--secret-store', 'env', '--file', 'x.json']);
    expect(misplaced.code).toBe(1);
    expect(misplaced.stderr).toContain('--file names the secrets file of --secret-store file');
  });
});

describe('orkeon keys rotate', () => {
  async function twoKeys(): Promise<{ oldKey: string; newKey: string }> {
    for (const name of ['old-key', 'new-key'])
      expect((await keys(['provision', '--name', name, ...fileStore()])).code).toBe(0);
    const secrets = await secretsOnFile();
    return { oldKey: secrets['old-key'] ?? '', newKey: secrets['new-key'] ?? '' };
  }

  it('re-encrypts the SQLite store from --from to --to, with progress on standard error', async () => {
    const { oldKey, newKey } = await twoKeys();
    const path = await stateSealedWith(oldKey);
    const rotated = await keys(['rotate', '--from', 'old-key', '--to', 'new-key', '--batch-size', '1', ...fileStore()]);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stderr).toContain(
      `Rotating the sqlite memory store (${path}) from key 'old-key' to key 'new-key' (version 1)`,
    );
    expect(rotated.stderr).toMatch(/staging: \d+ entries read, \d+ copies staged/);
    expect(rotated.stderr).toMatch(/committing: \d+ entries read/);
    expect(rotated.stdout).toContain(
      'Completed: 2 of 3 entries re-encrypted to key version 1 (0 already were, 1 not encrypted, 0 unreadable)',
    );
    await using raw = new SqliteMemoryProvider({ path });
    const door = await raw.get('door');
    const newProvider = new AesGcmEncryptionProvider({ key: Buffer.from(newKey, 'base64') });
    expect(await decryptMemoryContent(newProvider, 'door', door?.content ?? '')).toBe('The door code is 4711.');
    expect(door?.embedding).toEqual([1, 0]);
  });

  it('takes everything from the settings, and prints the result as JSON with --json', async () => {
    const { oldKey } = await twoKeys();
    await stateSealedWith(oldKey);
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({
        Svc: {
          Encryption: { SecretName: 'new-key', KeyVersion: '2', SecretStore: 'file', SecretFile: 'secrets.json' },
          KeyRotation: { PreviousSecretName: 'old-key', BatchSize: 500 },
        },
      }),
    );
    const rotated = await keys(['rotate', '--json']);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({
      totalEntries: 3,
      rotatedEntries: 2,
      plaintextEntries: 1,
      newKeyVersion: '2',
      resumed: false,
    });
    const again = await keys(['rotate', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ rotatedEntries: 0, alreadyRotatedEntries: 2 });
  });

  it('fails on an entry neither key opens (exit 2, the store as it was) unless --continue-on-unreadable', async () => {
    const { oldKey } = await twoKeys();
    const path = await stateSealedWith(oldKey);
    {
      await using raw = new SqliteMemoryProvider({ path });
      await new EncryptedMemoryProvider(raw, { key: Buffer.alloc(32, 5) }).store(
        'lost',
        createMemoryItem({ content: 'x' }),
      );
    }
    const failed = await keys(['rotate', '--from', 'old-key', '--to', 'new-key', ...fileStore()]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('ERROR: KEY_ROTATION_ENTRIES_UNREADABLE:');
    expect(failed.stderr).toContain("Entries concerned: 'lost'");
    {
      await using raw = new SqliteMemoryProvider({ path });
      const oldProvider = new AesGcmEncryptionProvider({ key: Buffer.from(oldKey, 'base64') });
      expect(await decryptMemoryContent(oldProvider, 'door', (await raw.get('door'))?.content ?? '')).toBe(
        'The door code is 4711.',
      );
    }
    const continued = await keys([
      'rotate',
      '--from',
      'old-key',
      '--to',
      'new-key',
      '--continue-on-unreadable',
      ...fileStore(),
    ]);
    expect(continued.code, continued.stderr).toBe(0);
    expect(continued.stdout).toContain("Left as they are (neither key opens them): 'lost'");
  });

  it('says what is missing or wrong, with exit code 1', async () => {
    const noFrom = await keys(['rotate']);
    expect(noFrom.code).toBe(1);
    expect(noFrom.stderr).toContain('Name the retired key: --from <secret>, or Svc:KeyRotation:PreviousSecretName');
    const noState = await keys(['rotate', '--from', 'old-key', '--to', 'new-key']);
    expect(noState.code).toBe(1);
    expect(noState.stderr).toContain(`No SQLite memory store at ${join(folder.path, '.orkeon', 'state.db')}`);
    await stateSealedWith(Buffer.alloc(32, 1).toString('base64'));
    const noSecret = await keys(['rotate', '--from', 'old-key', '--to', 'new-key']);
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain(
      "orkeon: KEY_ROTATION_KEY_INVALID: The secret 'old-key' (from the environment: ORKEON_SECRET_OLD_KEY)",
    );
    await twoKeys();
    await chmod(secretsFile(), 0o644);
    const exposed = await keys(['rotate', '--from', 'old-key', '--to', 'new-key', ...fileStore()]);
    expect(exposed.code).toBe(1);
    expect(exposed.stderr).toContain(`SECRET_FILE_UNSAFE`);
    expect(exposed.stderr).toContain(`chmod 600 ${secretsFile()}`);
    const batch = await keys(['rotate', '--from', 'a', '--to', 'b', '--batch-size', '0']);
    expect(batch.code).toBe(1);
    expect(batch.stderr).toContain("--batch-size '0' must be a whole number of entries from 1 to 10000");
    const same = await keys(['rotate', '--from', 'a', '--to', 'a']);
    expect(same.code).toBe(1);
    const unknownStore = await keys(['rotate', '--from', 'a', '--to', 'b', '--store', 'cassandra']);
    expect(unknownStore.code).toBe(1);
    expect(unknownStore.stderr).toContain('MEMORY_PROVIDER_UNKNOWN');
  });

  it('has help for the group and each verb', async () => {
    const group = await keys(['--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('provision');
    expect(group.stdout).toContain('rotate');
    const rotate = await keys(['rotate', '--help']);
    expect(rotate.stdout).toContain('--continue-on-unreadable');
    expect(rotate.stdout).toContain('resumed by running the same');
  });
});

describe('orkeon keys at start', () => {
  it('loads neither the rotation nor the stores for --help', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const bin = join(root, 'packages/cli/src/bin.ts');
    const list = join(folder.path, 'modules.txt');
    const child = spawn(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        '--import',
        pathToFileURL(join(root, 'packages/cli/test/startup/record-loaded-modules.ts')).href,
        bin,
        'keys',
        'rotate',
        '--help',
      ],
      { cwd: folder.path, env: { PATH: process.env.PATH ?? '', ORKEON_LOADED_MODULES: list }, stdio: 'ignore' },
    );
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const loaded = (await readFile(list, 'utf8')).split('\n');
    const fromBin = loaded.slice(loaded.indexOf(pathToFileURL(bin).href));
    expect(fromBin).toContain(pathToFileURL(join(root, 'packages/cli/src/commands/keys-command-definition.ts')).href);
    const heavy = fromBin.filter((url) =>
      /keys-(provision|rotate)-command|packages\/(core|key-rotation|store-sqlite)\//.test(url),
    );
    expect(heavy).toEqual([]);
  });
});
