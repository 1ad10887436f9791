import { isSecretKey, redactedText } from '../config/secret-keys.js';

const maximumDepth = 10;

/**
 * A copy of `value` in which every field named like a secret (`apiKey`, `Password`,
 * `clientSecret`, `token`) reads `[REDACTED]`. Objects without such fields are
 * returned as they are, so logging stays cheap.
 */
export function redactSecretFields<T>(value: T, depth = 0): T {
  if (depth > maximumDepth || typeof value !== 'object' || value === null || value instanceof Error) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const redacted = redactSecretFields(item, depth + 1);
      changed ||= redacted !== item;
      return redacted;
    });
    return (changed ? items : value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const redacted =
      isSecretKey(key) && field !== undefined && field !== null ? redactedText : redactSecretFields(field, depth + 1);
    if (redacted !== field) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = redacted;
    }
  }
  return (copy ?? value) as T;
}

/**
 * Replaces every occurrence of the given secret values in a text, in plain and in
 * JSON-escaped form, so a key that slipped into a message or a stack trace is
 * still hidden.
 */
export function createSecretScrubber(secrets: Iterable<string>): (text: string) => string {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    needles.add(secret);
    needles.add(JSON.stringify(secret).slice(1, -1));
  }
  if (needles.size === 0) return (text) => text;
  // Longest first, so a secret that contains another is hidden whole.
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const needle of ordered) if (result.includes(needle)) result = result.split(needle).join(redactedText);
    return result;
  };
}
