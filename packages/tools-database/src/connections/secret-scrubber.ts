import { redactedText } from '@orkeon/core';

/** Shorter secrets are not scrubbed from free text: too many false hits (a password `a` would blank every a). */
const minimumSecretLength = 4;

/**
 * The parts of a connection string that must never reach an agent or a log: the
 * whole string, and its password as written and decoded (URL user-info, or a
 * `Password=`/`Pwd=` pair of a key-value connection string).
 */
export function secretsOfConnectionString(connectionString: string): string[] {
  const secrets = new Set<string>([connectionString]);
  try {
    const url = new URL(connectionString);
    if (url.password !== '') {
      secrets.add(url.password);
      secrets.add(safeDecode(url.password));
    }
    for (const [key, value] of url.searchParams) if (/pass(word)?|pwd|secret|token/i.test(key)) secrets.add(value);
  } catch {
    // Not a URL: a key-value connection string, read below.
  }
  for (const match of connectionString.matchAll(/(?:^|;)\s*(?:password|pwd)\s*=\s*("[^"]*"|'[^']*'|[^;]*)/gi)) {
    const value = (match[1] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    secrets.add(value);
  }
  return [...secrets].filter((secret) => secret.length >= minimumSecretLength).sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `[REDACTED]`, longest first so a password inside the string goes too. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets)
    if (secret.length >= minimumSecretLength) scrubbed = scrubbed.replaceAll(secret, redactedText);
  return scrubbed;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
