/** A secret from its setting, else from the environment variable the docs name; `undefined` when neither is set. */
export function secretOrEnvironment(
  setting: string,
  variable: string,
  environment: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const value = setting.trim() !== '' ? setting.trim() : (environment[variable] ?? '').trim();
  return value === '' ? undefined : value;
}
