/** Why Excel would refuse `name` as a sheet name, or undefined when it is fine. */
export function sheetNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'is blank';
  if (name.length > 31) return 'is longer than 31 characters';
  if (/[\\/?*[\]:]/.test(name)) return 'contains one of \\ / ? * [ ] :';
  if (name.startsWith("'") || name.endsWith("'")) return "starts or ends with '";
  if (name.toLowerCase() === 'history') return "is 'History', which Excel reserves";
  return undefined;
}
