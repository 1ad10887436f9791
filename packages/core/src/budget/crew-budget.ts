import { z } from 'zod';

/** What a crew budget bounds. */
export const crewBudgetDimensions = ['tokens', 'costUsd', 'wallTime', 'toolCalls'] as const;
export type CrewBudgetDimension = (typeof crewBudgetDimensions)[number];

/**
 * Limits on one run of a crew, shared by all its agents (and the planner, the
 * manager and coworkers asked through delegation). Each is optional; a dimension left
 * out is not bounded. Kept apart from the autonomous process's per-agent execution budget.
 */
export interface CrewBudget {
  /** Most model tokens (input plus output) of the run. */
  readonly tokens?: number;
  /** Most estimated cost in US dollars (prices: `Telemetry:Prices` and the built-in table). */
  readonly costUsd?: number;
  /** Longest run, in seconds. */
  readonly wallTime?: number;
  /** Most tool calls of the run. */
  readonly toolCalls?: number;
}

const durationPattern = /^\s*(?:(\d+(?:\.\d+)?)\s*h)?\s*(?:(\d+(?:\.\d+)?)\s*m(?!s))?\s*(?:(\d+(?:\.\d+)?)\s*s)?\s*$/i;

/** Seconds from `90`, `'90s'`, `'5m'`, `'1h30m'`; undefined when the text is not a duration. */
export function parseDurationSeconds(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const match = durationPattern.exec(value);
  if (match === null || value.trim() === '' || match.slice(1).every((part) => part === undefined)) return undefined;
  const [hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number];
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * A wall-time limit as YAML and code write it: seconds, or a duration such as `90s`,
 * `5m`, `1h30m`; parsed to seconds. `examples` shows the reader a number and a text.
 */
export function wallTimeSecondsSchema(examples: { readonly seconds: number; readonly text: string }, what: string) {
  return z
    .union([z.number().positive(), z.string()])
    .transform((value, context) => {
      const seconds = parseDurationSeconds(value);
      if (seconds === undefined || seconds <= 0) {
        context.addIssue({
          code: 'custom',
          message: `wallTime '${String(value)}' is not a duration; write seconds (${examples.seconds}) or text such as ${examples.text}.`,
        });
        return z.NEVER;
      }
      return seconds;
    })
    .describe(`${what}: seconds (${examples.seconds}) or a duration such as ${examples.text}.`);
}

const wallTimeSchema = wallTimeSecondsSchema({ seconds: 300, text: '90s, 5m or 1h30m' }, 'Longest run');

/** The `budget:` block of a crew, as YAML and `defineCrew` accept it. */
export const crewBudgetSchema = z
  .strictObject({
    tokens: z.int().positive().optional().describe('Most model tokens (input plus output) of the run.'),
    costUsd: z.number().positive().optional().describe('Most estimated cost in US dollars.'),
    wallTime: wallTimeSchema.optional(),
    toolCalls: z.int().positive().optional().describe('Most tool calls of the run.'),
  })
  .describe('Limits shared by every agent of one run; when one is spent the run stops, keeping finished outputs.');

/** The budget's limits as a short text: `tokens 2000, toolCalls 10`. */
export function describeBudget(budget: CrewBudget): string {
  return crewBudgetDimensions
    .filter((dimension) => budget[dimension] !== undefined)
    .map((dimension) => `${dimension} ${budget[dimension]}`)
    .join(', ');
}

/** The parsed `budget:` block without the limits left out. */
export function toCrewBudget(data: {
  tokens?: number | undefined;
  costUsd?: number | undefined;
  wallTime?: number | undefined;
  toolCalls?: number | undefined;
}): CrewBudget {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as CrewBudget;
}
