import { defineTool, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { formatCount, isRunView, nameProblem, perRun, runOf } from './run-state.js';
import { bindSessionSettings, type SessionSettingsInput } from './session-settings.js';

export const sessionStoreToolName = 'session_store';

/** Keys shown by `list` at most; the rest are counted. */
const listedKeys = 200;

export const sessionStoreInput = z.strictObject({
  action: z
    .enum(['set', 'get', 'list', 'delete'])
    .describe('set stores value under key (replacing it), get reads it, list shows the keys, delete removes key.'),
  key: z.string().optional().describe('The name of the value: for set, get and delete.'),
  value: z.string().optional().describe('The text to keep (for set); write JSON as text to keep structured data.'),
});

export type SessionStoreInput = z.output<typeof sessionStoreInput>;

interface StoreState {
  readonly entries: Map<string, string>;
  characters: number;
}

/**
 * `session_store`: a key/value scratch store for one run, shared by every agent of
 * the run and kept in memory only (nothing reaches a disk; the values are gone when
 * the run ends). Its access class is Read: it changes nothing outside the run. The
 * bounds (`Svc:Tools:Session`) refuse a write past them rather than cut it.
 */
export function createSessionStoreTool(settings: SessionSettingsInput = {}): Tool<SessionStoreInput> {
  const limits = bindSessionSettings(settings);
  const stateOf = perRun<StoreState>(() => ({ entries: new Map(), characters: 0 }));
  const usage = (state: StoreState) =>
    `${formatCount(state.entries.size)} of ${formatCount(limits.MaxStoreEntries)} keys, ${formatCount(state.characters)} of ${formatCount(limits.MaxStoreTotalCharacters)} characters used`;
  return defineTool({
    name: sessionStoreToolName,
    description:
      'A scratch store for this run, shared with the other agents of the run: set a text value under a key, get it back later, list the keys, delete one. Kept in memory only, gone when the run ends.',
    input: sessionStoreInput,
    access: 'Read',
    maxResultCharacters: limits.MaxStoreValueCharacters + 1_000,
    async execute(input, context) {
      const run = runOf(sessionStoreToolName, context);
      if (!isRunView(run)) return run;
      const state = stateOf(run);
      if (input.action === 'list') {
        if (state.entries.size === 0) return 'The store is empty.';
        const keys = [...state.entries].slice(0, listedKeys);
        const more =
          state.entries.size > listedKeys
            ? `\n(first ${listedKeys} of ${formatCount(state.entries.size)} keys shown)`
            : '';
        return `${keys.map(([key, value]) => `- ${key} (${formatCount(value.length)} characters)`).join('\n')}${more}\n${usage(state)}.`;
      }
      if (input.key === undefined)
        return toolFailure(
          `The action '${input.action}' needs a key: give 'key', e.g. {"action":"${input.action}","key":"outline"}.`,
        );
      const problem = nameProblem(input.key, 'key');
      if (problem !== undefined) return toolFailure(problem);
      const key = input.key;
      const existing = state.entries.get(key);
      if (input.action === 'get') {
        if (existing !== undefined) return existing;
        return toolFailure(`Nothing is stored under '${key}'. ${describeKeys(state)}`);
      }
      if (input.action === 'delete') {
        if (existing === undefined) return toolFailure(`Nothing is stored under '${key}'. ${describeKeys(state)}`);
        state.entries.delete(key);
        state.characters -= key.length + existing.length;
        return `Deleted '${key}'; ${usage(state)}.`;
      }
      if (input.value === undefined)
        return toolFailure(`The action 'set' needs a value: give 'value' as text (JSON as text for structured data).`);
      const value = input.value;
      if (value.length > limits.MaxStoreValueCharacters)
        return toolFailure(
          `The value has ${formatCount(value.length)} characters; one key holds at most ${formatCount(limits.MaxStoreValueCharacters)} (Svc:Tools:Session:MaxStoreValueCharacters). Store a shorter value, or split it over several keys.`,
        );
      if (existing === undefined && state.entries.size >= limits.MaxStoreEntries)
        return toolFailure(
          `The store is full: ${formatCount(limits.MaxStoreEntries)} keys (Svc:Tools:Session:MaxStoreEntries). Delete a key you no longer need, or replace one.`,
        );
      const characters = state.characters - (existing === undefined ? 0 : key.length + existing.length);
      if (characters + key.length + value.length > limits.MaxStoreTotalCharacters)
        return toolFailure(
          `Storing this would hold ${formatCount(characters + key.length + value.length)} characters; the store holds at most ${formatCount(limits.MaxStoreTotalCharacters)} (Svc:Tools:Session:MaxStoreTotalCharacters). Delete keys you no longer need first.`,
        );
      state.entries.set(key, value);
      state.characters = characters + key.length + value.length;
      return `${existing === undefined ? 'Stored' : 'Replaced'} '${key}' (${formatCount(value.length)} characters); ${usage(state)}.`;
    },
  });
}

function describeKeys(state: StoreState): string {
  if (state.entries.size === 0) return 'The store is empty.';
  const keys = [...state.entries.keys()];
  const shown = keys.slice(0, 20).map((key) => `'${key}'`);
  return `Keys: ${shown.join(', ')}${keys.length > shown.length ? ` and ${formatCount(keys.length - shown.length)} more` : ''}.`;
}
