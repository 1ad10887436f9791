import { encryptionSettings, FileSecretStore, secretVariableName } from '@orkeon/core';
import { provisionNewKey } from '@orkeon/key-rotation';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { keysSecretStore, reportKeysFailure, type SecretStoreOptions } from './keys-secret-store.js';

interface ProvisionOptions extends SecretStoreOptions {
  readonly name?: string;
  readonly bits: string;
}

/**
 * What `orkeon keys provision` does: creates a random 256-bit key under a secret name that is
 * not taken (a key is never replaced: what it sealed would no longer open), in the owner-only
 * secrets file, or printed as the variable line for the environment, which cannot keep it.
 */
export const keysProvisionAction: CliCommandAction = {
  async run(context, command) {
    const options = command.opts<ProvisionOptions>();
    const encryption = (await context.configuration()).get(encryptionSettings);
    const name = options.name ?? encryption.SecretName;
    const bits = Number(options.bits);
    if (!Number.isInteger(bits)) throw new UsageError(`--bits takes a number of bits, 256; got '${options.bits}'.`);
    const secrets = keysSecretStore(context, encryption, options);
    const out = context.io.stdout;
    try {
      const made = await provisionNewKey(secrets, name, bits);
      if (secrets instanceof FileSecretStore) {
        out.write(`Created key '${name}' (${made.keySizeInBits} bits) in ${secrets.path} (owner-only).\n`);
        out.write(
          `Use it: Svc:Encryption:SecretName = ${name} with Svc:Encryption:SecretStore = file; when it replaces a key, name the old one in Svc:KeyRotation:PreviousSecretName and run orkeon keys rotate.\n`,
        );
        return ExitCode.ok;
      }
      // The environment store wrote the key into this command's copy of the environment only.
      out.write(`${secretVariableName(name)}=${(await secrets.get(name)) ?? ''}\n`);
      context.io.stderr.write(
        `The environment keeps no key after this command: put the line above in the environment of every process that uses the key (a service's environment file or a container secret), readable by their user only.\n`,
      );
      return ExitCode.ok;
    } catch (error) {
      return reportKeysFailure(context, error);
    }
  },
};
