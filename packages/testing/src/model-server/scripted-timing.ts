import type { StaticScriptedTurn } from './scripted-turn.js';

/** The timing options of a turn, each with its deprecated `…Ms` spelling, read the same way everywhere. */
const deprecatedSpelling = {
  delayMilliseconds: 'delayMs',
  chunkDelayMilliseconds: 'chunkDelayMs',
} as const;

type TimingName = keyof typeof deprecatedSpelling;

/** Milliseconds `turn` asks to wait: the option, else its deprecated spelling, else 0. */
export function timingOf(turn: StaticScriptedTurn, name: TimingName): number {
  const fields: Readonly<Record<string, unknown>> = { ...turn };
  const value = fields[name] ?? fields[deprecatedSpelling[name]];
  return typeof value === 'number' ? value : 0;
}

/** Problems of a turn's timing options: a value below 0, or both spellings with different values. */
export function timingProblems(turn: StaticScriptedTurn, names: readonly TimingName[]): string[] {
  const fields: Readonly<Record<string, unknown>> = { ...turn };
  const problems: string[] = [];
  for (const name of names) {
    const deprecated = deprecatedSpelling[name];
    for (const key of [name, deprecated]) {
      if (fields[key] !== undefined && !isNonNegative(fields[key]))
        problems.push(`${key} must be a number of at least 0`);
    }
    if (fields[name] !== undefined && fields[deprecated] !== undefined && fields[name] !== fields[deprecated]) {
      problems.push(`${name} and its deprecated spelling ${deprecated} differ; keep ${name} only`);
    }
  }
  return problems;
}

function isNonNegative(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
