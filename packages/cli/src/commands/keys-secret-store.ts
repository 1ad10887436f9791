import { resolve } from 'node:path';
import {
  type EncryptionSettings,
  EnvironmentSecretStore,
  FileSecretStore,
  OrkeonError,
  type SecretStore,
} from '@orkeon/core';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

/** The options of `orkeon keys` that choose the secret store. */
export interface SecretStoreOptions {
  readonly secretStore?: 'file' | 'env';
  readonly file?: string;
}

/**
 * The secret store `--secret-store` and `--file` name, else `Svc:Encryption:SecretStore` and
 * `SecretFile` (relative paths from the working directory). The environment is the command's
 * own copy: `env` writes reach no other process.
 */
export function keysSecretStore(
  context: CliContext,
  encryption: EncryptionSettings,
  options: SecretStoreOptions,
): SecretStore {
  const kind = options.secretStore ?? (encryption.SecretStore === 'file' ? 'file' : 'env');
  if (kind === 'env') {
    if (options.file !== undefined)
      throw new UsageError('--file names the secrets file of --secret-store file; leave it out with the environment.');
    return new EnvironmentSecretStore({ ...context.io.environment });
  }
  const file = options.file ?? encryption.SecretFile;
  return file === undefined ? new FileSecretStore() : new FileSecretStore(resolve(context.io.workingDirectory, file));
}

/** Codes that mean the input or the set-up is wrong (exit 1), not that the work failed. */
const setUpCodes = new Set([
  'SECRET_FILE_UNSAFE',
  'SECRET_FILE_INVALID',
  'SECRET_STORE_REFUSED',
  'KEY_PROVISIONING_SECRET_EXISTS',
  'KEY_PROVISIONING_SIZE_INVALID',
  'KEY_ROTATION_KEY_INVALID',
  'KEY_ROTATION_STORE_UNSUPPORTED',
  'KEY_ROTATION_OPTIONS_INVALID',
  'KEY_ROTATION_RESUME_MISMATCH',
]);

/**
 * Prints an Orkeon error of `orkeon keys` as `orkeon: CODE: message` lines and returns its exit
 * code (1 for a set-up problem, 2 for work that failed); anything else is thrown on.
 */
export function reportKeysFailure(context: CliContext, error: unknown, extraLines: readonly string[] = []): ExitCode {
  if (!OrkeonError.isInstance(error) || UsageError.isInstance(error)) throw error;
  const usage = setUpCodes.has(error.code);
  const prefix = usage ? `orkeon: ${error.code}: ` : `ERROR: ${error.code}: `;
  context.io.stderr.write(`${prefix}${error.message}\n`);
  for (const line of extraLines) context.io.stderr.write(`${line}\n`);
  return usage ? ExitCode.usage : ExitCode.runFailed;
}
