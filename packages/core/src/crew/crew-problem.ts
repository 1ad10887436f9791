/** What kind of problem a crew definition has; stable, for programs and tests to branch on. */
export type CrewProblemCode =
  | 'not-found'
  | 'layout'
  | 'yaml-syntax'
  | 'unknown-key'
  | 'duplicate-key'
  | 'missing'
  | 'bad-type'
  | 'bad-value'
  | 'bad-id'
  | 'duplicate-id'
  | 'unknown-agent'
  | 'unknown-dependency'
  | 'dependency-cycle'
  | 'unknown-process'
  | 'unknown-selection'
  | 'manager-missing'
  | 'unknown-manager'
  | 'no-workers'
  | 'unknown-tool'
  | 'duplicate-mount'
  | 'bad-mount'
  | 'unset-variable';

/** Where in a source file a problem is; line and column count from 1. */
export interface SourceLocation {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

/** One thing wrong with a crew definition, with the key it is about and the fix. */
export interface CrewProblem {
  readonly code: CrewProblemCode;
  /** Key path in the YAML shape, ids for agents and tasks: `['tasks', 'draft', 'agent']`. */
  readonly path: readonly string[];
  /** Names the problem and the fix; does not repeat the key. */
  readonly message: string;
  /** Set by the YAML loader. */
  readonly location?: SourceLocation;
  /** The key as the author wrote it (`tasks.draft.expected_output`); default: `path` joined with dots. */
  readonly key?: string;
  /** The variable an `unset-variable` problem is about (a form asks for it, as Studio's does). */
  readonly variable?: string;
}

/** `file:line:column: key: message`, leaving out what is not known. */
export function formatCrewProblem(problem: CrewProblem): string {
  const location = problem.location;
  const where =
    location === undefined
      ? ''
      : `${location.file}${location.line === undefined ? '' : `:${location.line}:${location.column ?? 1}`}: `;
  const key = problem.key ?? problem.path.join('.');
  return `${where}${key === '' ? '' : `${key}: `}${problem.message}`;
}
