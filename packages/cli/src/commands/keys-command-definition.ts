import { Option } from 'commander';
import type { CliCommand } from '../cli-command.js';

const secretStoreOption = () =>
  new Option('--secret-store <store>', 'where keys live: file or env (default: Svc:Encryption:SecretStore)').choices([
    'file',
    'env',
  ]);

/** `orkeon keys provision`: its options and help; the implementation is imported only when it runs. */
const keysProvisionCommand: CliCommand = {
  name: 'provision',
  summary: 'create a new random encryption key in a secret store (never replacing one)',
  configure(command) {
    command
      .option('--name <secret>', 'the secret to create (default: Svc:Encryption:SecretName)')
      .addOption(secretStoreOption())
      .option(
        '--file <path>',
        'with --secret-store file: the secrets file (default: Svc:Encryption:SecretFile, else ~/.orkeon/secrets.json)',
      )
      .option('--bits <size>', 'the key size; AES-256-GCM keys are 256 bits', '256')
      .addHelpText(
        'after',
        '\nA file store is created owner-only (mode 0600); one that others can read is refused.\nThe environment cannot keep a key after the command ends: with --secret-store env the key is\nprinted as ORKEON_SECRET_<NAME>=<base64> for you to put in the environment of every process.\nExamples:\n  orkeon keys provision --secret-store file --name orkeon-encryption-key-2\n  orkeon keys provision --secret-store env --name orkeon-encryption-key',
      );
  },
  run: async (context, command) =>
    (await import('./keys-provision-command.js')).keysProvisionAction.run(context, command),
};

/** `orkeon keys rotate`: its options and help; the stores and the rotation load only when it runs. */
const keysRotateCommand: CliCommand = {
  name: 'rotate',
  summary: "re-encrypt the memory store's contents from the retired key to the current one",
  configure(command) {
    command
      .option('--from <secret>', 'the retired key (default: Svc:KeyRotation:PreviousSecretName)')
      .option('--to <secret>', 'the new key (default: Svc:Encryption:SecretName)')
      .option(
        '--store <type>',
        'the memory store: sqlite, postgres or inmemory (default: Memory:Provider, else sqlite)',
      )
      .option(
        '--state <file>',
        'the SQLite file of the sqlite store (default: Svc:Memory:Sqlite:Path, else .orkeon/state.db)',
      )
      .option('--batch-size <count>', 'entries per batch, 1 to 10000 (default: Svc:KeyRotation:BatchSize, 100)')
      .option(
        '--continue-on-unreadable',
        'leave entries neither key opens as they are and list them (default: fail and roll back)',
      )
      .addOption(secretStoreOption())
      .option('--file <path>', 'with --secret-store file: the secrets file (default: Svc:Encryption:SecretFile)')
      .option('--json', 'print the result as JSON')
      .addHelpText(
        'after',
        "\nTwo phases: re-encrypted copies are staged, then swapped in. A failure while staging rolls back\n(the store stays readable with the old key); a stop while swapping is resumed by running the same\ncommand again. Nothing else may write the store meanwhile. The new key's version is\nSvc:Encryption:KeyVersion. Progress goes to standard error.\nExamples:\n  orkeon keys rotate --from orkeon-encryption-key --to orkeon-encryption-key-2\n  orkeon keys rotate --settings appsettings.json --batch-size 500",
      );
  },
  run: async (context, command) => (await import('./keys-rotate-command.js')).keysRotateAction.run(context, command),
};

/** `orkeon keys`: the verb group of encryption keys. */
export const keysCommand: CliCommand = {
  name: 'keys',
  summary: 'encryption keys: provision a new key, rotate the memory store to it',
  configure() {},
  run: async () => undefined,
  subcommands: [keysProvisionCommand, keysRotateCommand],
};
