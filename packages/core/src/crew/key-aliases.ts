/**
 * Crew keys are camelCase; YAML authors may also write the snake_case form of any key
 * (`expected_output`) and a few older names (`maxIter`, `managerAgent`), in either case
 * style.
 */
const olderNames: Readonly<Record<string, readonly string[]>> = {
  maxIterations: ['maxIter'],
  manager: ['managerAgent'],
};

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Every other spelling accepted for `canonical`. */
export function keyAliases(canonical: string): string[] {
  const older = olderNames[canonical] ?? [];
  const spellings = [snakeCase(canonical), ...older, ...older.map(snakeCase)];
  return [...new Set(spellings)].filter((spelling) => spelling !== canonical);
}

/** The canonical key among `keys` that `written` spells, if any. */
export function canonicalKey(written: string, keys: readonly string[]): string | undefined {
  if (keys.includes(written)) return written;
  const camel = camelCase(written);
  if (keys.includes(camel)) return camel;
  return keys.find((key) => keyAliases(key).includes(written) || keyAliases(key).includes(camel));
}

/** The canonical keys and their snake_case forms, for "did you mean" hints. */
export function keySpellings(keys: readonly string[]): string[] {
  return [...new Set(keys.flatMap((key) => [key, snakeCase(key)]))];
}

/** Keys kept in the schema only to be refused with their own message (`circuitBreaker`); never listed as known. */
const retiredKeys: ReadonlySet<string> = new Set(['circuitBreaker']);

/** "unknown key 'gaol'; did you mean 'goal'? Known keys: …", shared by the YAML walker and `defineCrew`. */
export function unknownKeyMessage(written: string, keys: readonly string[], closest: string | undefined): string {
  const hint = closest === undefined ? '' : ` did you mean '${closest}'?`;
  return `unknown key '${written}';${hint} known keys: ${keys.filter((key) => !retiredKeys.has(key)).join(', ')}.`;
}
