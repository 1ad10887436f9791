import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Configuration,
  canonicalMemoryType,
  encryptionSettings,
  type Logger,
  MemoryStoreFactoryService,
  MemoryStores,
  memorySettings,
  ServiceCollection,
} from '@orkeon/core';
import {
  addSvcKeyRotation,
  KeyRotationError,
  type KeyRotationProgress,
  type KeyRotationResult,
  KeyRotatorService,
  keyProviderFromSecret,
  keyRotationSettings,
} from '@orkeon/key-rotation';
import { addSvcSqliteMemory, sqliteMemorySettings } from '@orkeon/store-sqlite';
import type { CliCommandAction } from '../cli-command.js';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { addConfiguredMemoryStores, installedMemoryStorePackages } from '../run/memory-store-packages.js';
import { UsageError } from '../usage-error.js';
import { keysSecretStore, reportKeysFailure, type SecretStoreOptions } from './keys-secret-store.js';

interface RotateOptions extends SecretStoreOptions {
  readonly from?: string;
  readonly to?: string;
  readonly store?: string;
  readonly state?: string;
  readonly batchSize?: string;
  readonly continueOnUnreadable?: boolean;
  readonly json?: boolean;
}

/** At most one progress line a second: a rotation of many entries reports as it goes, without flooding. */
const progressIntervalMilliseconds = 1_000;

/**
 * What `orkeon keys rotate` does: opens the memory store the settings name (the raw store, not
 * the decorator that encrypts), reads the retired and the new key from the secret store, and
 * runs the rotator `addSvcKeyRotation` registers, reporting progress on standard error and the
 * result on standard output. A stop is safe: running the command again resumes or restarts.
 */
export const keysRotateAction: CliCommandAction = {
  async run(context, command) {
    const options = command.opts<RotateOptions>();
    const configuration = await context.configuration();
    const logger = await context.logger();
    const encryption = configuration.get(encryptionSettings);
    const rotation = configuration.get(keyRotationSettings);
    if (!rotation.Enabled)
      throw new UsageError('Key rotation is turned off (Svc:KeyRotation:Enabled = false): set it to true to rotate.');
    const from = options.from ?? rotation.PreviousSecretName;
    if (from === undefined)
      throw new UsageError(
        'Name the retired key: --from <secret>, or Svc:KeyRotation:PreviousSecretName in the settings.',
      );
    const to = options.to ?? encryption.SecretName;
    if (from === to)
      throw new UsageError(
        `The retired and the new key are both the secret '${to}': give the new key with --to or Svc:Encryption:SecretName.`,
      );
    const batchSize = options.batchSize === undefined ? rotation.BatchSize : count(options.batchSize);
    const type = canonicalMemoryType(options.store ?? configuration.get(memorySettings).Provider ?? 'sqlite');
    const sqlitePath = sqliteFile(context, configuration, options.state);
    if (type === 'sqlite' && !existsSync(sqlitePath))
      throw new UsageError(
        `No SQLite memory store at ${sqlitePath}: runs keep memories in the crew folder's .orkeon/state.db. Run orkeon keys rotate in that folder, or give --state <file>.`,
      );
    const secrets = keysSecretStore(context, encryption, options);
    const services = storeServices(context, configuration, logger, sqlitePath);
    addConfiguredMemoryStores(services, configuration, await installedMemoryStorePackages());
    const provider = services.build();
    const stores = new MemoryStores(provider.getAll(MemoryStoreFactoryService), { configuration, logger }, type);
    try {
      const [oldProvider, newProvider] = await Promise.all([
        keyProviderFromSecret(secrets, from, { role: 'the retired key (--from, Svc:KeyRotation:PreviousSecretName)' }),
        keyProviderFromSecret(secrets, to, {
          role: 'the new key (--to, Svc:Encryption:SecretName)',
          keyVersion: encryption.KeyVersion,
        }),
      ]);
      const store = await stores.get();
      const where = type === 'sqlite' ? ` (${sqlitePath})` : '';
      context.io.stderr.write(
        `Rotating the ${type} memory store${where} from key '${from}' to key '${to}' (version ${newProvider.keyVersion})…\n`,
      );
      const result = await provider.get(KeyRotatorService).rotate(store, oldProvider, newProvider, {
        batchSize,
        continueOnUnreadableEntries: options.continueOnUnreadable ?? rotation.ContinueOnUnreadableEntries,
        onProgress: progressReporter(context),
      });
      report(context, result, from, options.json === true);
      return ExitCode.ok;
    } catch (error) {
      const affected = KeyRotationError.isInstance(error) && error.affectedKeys.length > 0 ? error.affectedKeys : [];
      return reportKeysFailure(context, error, affected.length === 0 ? [] : [`Entries concerned: ${listed(affected)}`]);
    } finally {
      await stores[Symbol.asyncDispose]();
      await provider.dispose();
    }
  },
};

/** The SQLite file: Svc:Memory:Sqlite:Path, else --state, else .orkeon/state.db, from the working directory. */
function sqliteFile(context: CliContext, configuration: Configuration, state: string | undefined): string {
  const path = configuration.get(sqliteMemorySettings).Path ?? state ?? join('.orkeon', 'state.db');
  return resolve(context.io.workingDirectory, path);
}

/** The memory stores, as `orkeon run` offers them, and key rotation. */
function storeServices(
  context: CliContext,
  configuration: Configuration,
  logger: Logger,
  sqlitePath: string,
): ServiceCollection {
  const services = new ServiceCollection();
  addSvcSqliteMemory(services, configuration, { defaultPath: sqlitePath, baseDirectory: context.io.workingDirectory });
  addSvcKeyRotation(services, configuration, { logger });
  return services;
}

function count(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10_000)
    throw new UsageError(`--batch-size '${text}' must be a whole number of entries from 1 to 10000.`);
  return value;
}

/** Writes a line on each phase change and at most once a second within a phase. */
function progressReporter(context: CliContext): (progress: KeyRotationProgress) => void {
  let phase: string | undefined;
  let last = 0;
  return (progress) => {
    const now = Date.now();
    if (progress.phase === phase && now - last < progressIntervalMilliseconds) return;
    phase = progress.phase;
    last = now;
    const done = progress.phase === 'staging' ? 'copies staged' : 'copies swapped in';
    context.io.stderr.write(
      `  ${progress.phase}: ${progress.entriesRead.toLocaleString('en-US')} entries read, ${progress.entriesRotated.toLocaleString('en-US')} ${done}\n`,
    );
  };
}

function report(context: CliContext, result: KeyRotationResult, from: string, json: boolean): void {
  const out = context.io.stdout;
  if (json) {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  out.write(
    `${result.resumed ? 'Resumed and completed' : 'Completed'}: ${result.rotatedEntries} of ${result.totalEntries} entries re-encrypted to key version ${result.newKeyVersion} (${result.alreadyRotatedEntries} already were, ${result.plaintextEntries} not encrypted, ${result.unreadableEntries} unreadable) in ${(result.durationMilliseconds / 1000).toFixed(1)} s.\n`,
  );
  if (result.errors.length > 0)
    out.write(`Left as they are (neither key opens them): ${listed(result.errors.map((error) => error.key))}\n`);
  else
    out.write(
      `The key '${from}' opens nothing in this store now: remove Svc:KeyRotation:PreviousSecretName once every store is rotated.\n`,
    );
}

/** Up to twenty keys, quoted, and how many more. */
function listed(keys: readonly string[]): string {
  const shown = keys.slice(0, 20).map((key) => `'${key}'`);
  return keys.length > shown.length ? `${shown.join(', ')} and ${keys.length - shown.length} more` : shown.join(', ');
}
