/**
 * Text that a spreadsheet (or a CSV export of it) could take for a formula: it
 * starts with `=`, `+`, `-` or `@`, or with a tab or carriage return before one
 * (OWASP's list for CSV injection).
 */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}
