/**
 * The environment of a docs program: this process's, without its `SVC_` variables (a machine's own settings
 * would be judged too), plus the given variables, which the test means.
 */
export function programEnvironment(environment: Readonly<Record<string, string>> = {}): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^SVC_/i.test(name)) inherited[name] = value;
  }
  return { ...inherited, ...environment };
}
