import { addressProblem, domainProblem } from './email-address.js';

/**
 * Why `pattern` cannot be an entry of `Send:AllowedRecipients`, or `undefined`: an entry is an
 * exact address (`boss@example.com`) or a whole domain (`@example.com`, its subdomains excluded).
 */
export function recipientPatternProblem(pattern: string): string | undefined {
  // '*' is legal in an address, but here it would read as a wildcard that does not exist.
  if (pattern.includes('*'))
    return `'${pattern}' holds '*': entries are exact addresses or whole domains ('@example.com'), no wildcards.`;
  if (pattern.startsWith('@'))
    return domainProblem(pattern.slice(1), (why) => `'${pattern}' is not a domain entry: ${why}`);
  const problem = addressProblem(pattern);
  return problem === undefined ? undefined : `${problem} Or write a whole domain as '@example.com'.`;
}

/** True when `address` matches an entry of `allowed` (compared without regard to case). An empty list allows nobody. */
export function isRecipientAllowed(address: string, allowed: readonly string[]): boolean {
  const lower = address.toLowerCase();
  const domain = lower.slice(lower.lastIndexOf('@'));
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.startsWith('@') ? pattern === domain : pattern === lower;
  });
}
