import type { CrewDefinition } from '@orkeon/core';

/** A crew Studio can start: its name, the `{KEY}` variables its form asks for, and how to load it with their values. */
export interface StudioCrew {
  readonly name: string;
  readonly description?: string;
  /** The `{KEY}` placeholders of its YAML, in order of first use. */
  readonly variables: readonly string[];
  /** The crew with the variables filled in (throws `CrewValidationError` when one is missing). */
  load(variables: Readonly<Record<string, string>>): Promise<CrewDefinition>;
}
