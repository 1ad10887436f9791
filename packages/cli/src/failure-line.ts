/**
 * The last line of a command that failed (exit code 2): `ERROR: <CODE>: <reason>`, the
 * code from docs/errors.md so that a person can look it up; without a code (an error
 * that is not Orkeon's), `ERROR: <reason>`.
 */
export function failureLine(code: string | undefined, reason: string): string {
  return `ERROR: ${code === undefined ? '' : `${code}: `}${reason}\n`;
}

/** The code and reason of whatever was thrown; `code` only for Orkeon's errors (`coded`). */
export function failureOf(error: unknown, coded: boolean): { code: string | undefined; reason: string } {
  if (!(error instanceof Error) && !coded) return { code: undefined, reason: String(error) };
  const { code, message } = error as { code?: unknown; message: string };
  return { code: coded && typeof code === 'string' ? code : undefined, reason: message };
}
