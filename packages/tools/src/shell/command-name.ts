/** Where allowed programs are looked up; the agent's environment never chooses it. */
export const safeSearchPath = '/usr/local/bin:/usr/bin:/bin';

const bareName = /^[A-Za-z0-9_+][A-Za-z0-9._+-]*$/;

/**
 * Why `name` cannot be an allowed command, or `undefined` when it can. Only bare
 * names are accepted: a path would let a list entry point at any program, and
 * whitespace would smuggle arguments into what should be one name.
 */
export function commandNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a command name cannot be empty';
  if (name.includes('/')) {
    return `'${name}' contains '/': give a bare command name such as 'jq'; programs are found on the fixed PATH ${safeSearchPath}`;
  }
  if (/\s/.test(name)) {
    return `'${name}' contains whitespace: give one bare command name per entry, without arguments`;
  }
  if (!bareName.test(name)) {
    return `'${name}' is not a bare command name: use letters, digits, '.', '_', '+' and '-', not starting with '.' or '-'`;
  }
  return undefined;
}
