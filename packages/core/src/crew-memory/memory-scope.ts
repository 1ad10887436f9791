/**
 * Whose memories a crew sees: its own across runs (`crew`), each agent its own (`agent`),
 * only this run's (`run`), or the user's across crews (`user`, the run's `resource`).
 */
export const memoryScopes = ['crew', 'agent', 'run', 'user'] as const;
export type MemoryScope = (typeof memoryScopes)[number];

/** Who is remembering: the names a scope is made from. */
export interface MemoryScopeIds {
  readonly crew: string;
  readonly agent: string;
  readonly run: string;
  readonly user: string;
}

/**
 * The tag every memory of one scope carries, and that a recall filters on. Names are
 * length-prefixed so that no crew or agent name can forge another scope's tag.
 */
export function memoryScopeTag(scope: MemoryScope, ids: MemoryScopeIds): string {
  const part = (name: string) => `${name.length}:${name}`;
  switch (scope) {
    case 'crew':
      return `scope:crew/${part(ids.crew)}`;
    case 'agent':
      return `scope:agent/${part(ids.crew)}/${part(ids.agent)}`;
    case 'run':
      return `scope:run/${part(ids.run)}`;
    case 'user':
      return `scope:user/${part(ids.user)}`;
  }
}
