import { dirname, resolve } from 'node:path';
import { UsageError } from '../usage-error.js';

/** `-V KEY=VALUE` values, as a map; a value without `=` is a usage error. */
export function parseVariables(assignments: readonly string[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const assignment of assignments) {
    const at = assignment.indexOf('=');
    if (at <= 0) throw new UsageError(`-V expects KEY=VALUE, not '${assignment}'.`);
    variables[assignment.slice(0, at)] = assignment.slice(at + 1);
  }
  return variables;
}

/** The crew's folder: the folder given, or the one holding the crew file (where its settings and state live). */
export function crewFolderOf(crewPath: string, workingDirectory: string): string {
  const absolute = resolve(workingDirectory, crewPath);
  return /\.(ya?ml|[mc]?[jt]s)$/i.test(absolute) ? dirname(absolute) : absolute;
}
