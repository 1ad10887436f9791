/**
 * Which setting and field names hold secrets. A key is secret when its last word is
 * a secret word (`Password`, `Secret`, `Token`, …), when it ends in `ApiKey`,
 * `PrivateKey`, `AccessKey` or `ConnectionString`, or when it is just `Tokens` or `Keys`. Names that only mention a secret
 * (`ApiKeySecretName`, `ApiKeyEnvVar`) or count tokens (`MaxTokens`,
 * `TokenBudget`) are not secret: their values are safe to show.
 */

export const redactedText = '[REDACTED]';

const secretLastWords = new Set(['password', 'passwd', 'passphrase', 'secret', 'token', 'credential', 'credentials']);
const secretWordPairs = new Set(['api key', 'private key', 'access key', 'connection string', 'client secret']);

export function isSecretKey(name: string): boolean {
  const words = splitWords(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  // A key that is only `Tokens` or `Keys` lists secrets (`Bearer:Tokens`, `ApiKey:Keys`); `MaxTokens` does not.
  if (words.length === 1 && (last === 'tokens' || last === 'keys')) return true;
  if (secretLastWords.has(last) || last === 'apikey') return true;
  return words.length >= 2 && secretWordPairs.has(`${words.at(-2)} ${last}`);
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.:]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}
