/** Where a tool family lives: the npm package and the name of its `ToolFamily` export. */
export interface KnownToolFamily {
  /** Lower-case word, as `family:<name>` and `addSvcTools({ families })` write it. */
  readonly name: string;
  readonly packageName: string;
  /** `<name>Family`, e.g. `webFamily`. */
  readonly exportName: string;
  /** One line, for listings when the package is not installed. */
  readonly description: string;
}

/** The package this catalogue ships in: its families are at hand without an import. */
export const toolsPackageName = '@orkeon/tools';

const family = (name: string, packageName: string, description: string): KnownToolFamily => ({
  name,
  packageName,
  exportName: `${name}Family`,
  description,
});

/**
 * Every tool family Orkeon offers, in catalogue order. Families beyond `shell` and
 * `session` live in their own packages, so a user who does not need their
 * libraries (database drivers, an IMAP client, a parser toolkit) never installs them.
 */
export const knownToolFamilies: readonly KnownToolFamily[] = [
  family('shell', toolsPackageName, 'Runs allowed programs without a shell, inside the mounts.'),
  family('session', toolsPackageName, "The run's own scratch store, excerpts, counters, cost and budget."),
  family('web', '@orkeon/tools-web', 'HTTP APIs, scraping, search, GitHub, Slack and image generation.'),
  family('data', '@orkeon/tools-data', 'Reading and writing CSV, JSON, XML, PDF, DOCX and XLSX, and searching text.'),
  family('database', '@orkeon/tools-database', 'Queries and schemas of relational, document and graph databases.'),
  family('email', '@orkeon/tools-email', 'Mailboxes over IMAP and sending over SMTP, with rights per account.'),
  family('code', '@orkeon/tools-code', 'Runs JavaScript and TypeScript in a WebAssembly sandbox with no host access.'),
];

/** The names of the known families, in catalogue order. */
export function knownToolFamilyNames(known: readonly KnownToolFamily[] = knownToolFamilies): string[] {
  return known.map((entry) => entry.name);
}
