import type { CrewProblem } from '../crew-problem.js';

/** `{KEY}` is filled from the variables; `{{KEY}}` stays as the literal text `{KEY}`. */
const placeholder = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** `text` with its `{KEY}` placeholders filled, and the keys that have no value. */
export function fillPlaceholders(
  text: string,
  variables: Readonly<Record<string, string>>,
): { text: string; unset: string[] } {
  const unset: string[] = [];
  const filled = text.replace(placeholder, (match, literal: string | undefined, key: string | undefined) => {
    if (literal !== undefined) return `{${literal}}`;
    if (key === undefined) return match;
    if (Object.hasOwn(variables, key)) return variables[key] as string;
    if (!unset.includes(key)) unset.push(key);
    return match;
  });
  return { text: filled, unset };
}

/**
 * Fills the placeholders of the crew's text fields, in place: the crew's goal, each
 * agent's role, goal and backstory, each task's description, expected output, context
 * values, deliverable path and attachments. A placeholder without a value is a problem.
 */
export function fillCrewVariables(
  crew: Record<string, unknown>,
  variables: Readonly<Record<string, string>>,
): CrewProblem[] {
  const problems: CrewProblem[] = [];
  const fill = (holder: Record<string, unknown>, key: string, path: readonly string[]) => {
    const value = holder[key];
    if (typeof value !== 'string') return;
    const { text, unset } = fillPlaceholders(value, variables);
    holder[key] = text;
    for (const name of unset) {
      problems.push({
        code: 'unset-variable',
        path: [...path, key],
        variable: name,
        message: `uses {${name}}, but the variable ${name} is not set; set it (orkeon run -V ${name}=<value>), or write {{${name}}} for the literal text.`,
      });
    }
  };
  fill(crew, 'goal', []);
  for (const [list, keys] of [
    ['agents', ['role', 'goal', 'backstory']],
    ['tasks', ['description', 'expectedOutput']],
  ] as const) {
    const entities = crew[list];
    if (!Array.isArray(entities)) continue;
    for (const entity of entities as unknown[]) {
      if (!isRecord(entity)) continue;
      const path = [list, String(entity.id)];
      for (const key of keys) fill(entity, key, path);
      if (list !== 'tasks') continue;
      if (isRecord(entity.context))
        for (const key of Object.keys(entity.context)) fill(entity.context, key, [...path, 'context']);
      if (isRecord(entity.deliverable)) fill(entity.deliverable, 'path', [...path, 'deliverable']);
      if (Array.isArray(entity.attachments))
        for (const index of entity.attachments.keys())
          fill(entity.attachments as unknown as Record<string, unknown>, String(index), [...path, 'attachments']);
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
