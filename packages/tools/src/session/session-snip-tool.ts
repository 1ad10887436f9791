import { defineTool, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { formatCount, isRunView, nameProblem, perRun, runOf } from './run-state.js';
import { bindSessionSettings, type SessionSettingsInput } from './session-settings.js';

export const sessionSnipToolName = 'session_snip';

/** Characters of an excerpt `list` shows. */
const previewCharacters = 80;

export const sessionSnipInput = z.strictObject({
  action: z
    .enum(['keep', 'list', 'get', 'delete'])
    .describe('keep saves text under name (replacing it), list shows the snips, get returns one, delete removes one.'),
  name: z.string().optional().describe('The name of the snip: for keep, get and delete.'),
  text: z.string().optional().describe('The excerpt to keep, word for word (for keep).'),
  source: z
    .string()
    .max(500)
    .optional()
    .describe('Where the excerpt came from, as a label, e.g. "/docs/spec.md lines 10-40" (for keep).'),
});

export type SessionSnipInput = z.output<typeof sessionSnipInput>;

interface Snip {
  readonly text: string;
  readonly source?: string;
  readonly keptBy?: string;
}

/**
 * `session_snip`: named excerpts of text kept for later in one run (a passage of a
 * file, a finding, a draft), shared by the run's agents and kept in memory only.
 * Read access: nothing outside the run changes. `source` is only a label: the tool
 * never reads a file.
 */
export function createSessionSnipTool(settings: SessionSettingsInput = {}): Tool<SessionSnipInput> {
  const limits = bindSessionSettings(settings);
  const snipsOf = perRun(() => new Map<string, Snip>());
  return defineTool({
    name: sessionSnipToolName,
    description:
      'Keep a named excerpt of text for later in this run (a passage, a finding, a draft), list the snips kept so far, get one back word for word, or delete one. Shared with the other agents of the run; kept in memory only.',
    input: sessionSnipInput,
    access: 'Read',
    maxResultCharacters: limits.MaxSnipCharacters + 1_000,
    async execute(input, context) {
      const run = runOf(sessionSnipToolName, context);
      if (!isRunView(run)) return run;
      const snips = snipsOf(run);
      if (input.action === 'list') {
        if (snips.size === 0) return 'No snips kept yet in this run.';
        const lines = [...snips].map(([name, snip]) => `- ${name}: ${describeSnip(snip)}`);
        return `${formatCount(snips.size)} of ${formatCount(limits.MaxSnips)} snips:\n${lines.join('\n')}`;
      }
      if (input.name === undefined)
        return toolFailure(
          `The action '${input.action}' needs a name: give 'name', e.g. {"action":"${input.action}","name":"findings"}.`,
        );
      const problem = nameProblem(input.name, 'name');
      if (problem !== undefined) return toolFailure(problem);
      const name = input.name;
      const existing = snips.get(name);
      if (input.action === 'get') return existing?.text ?? toolFailure(unknownSnip(name, snips));
      if (input.action === 'delete') {
        if (existing === undefined) return toolFailure(unknownSnip(name, snips));
        snips.delete(name);
        return `Deleted the snip '${name}'.`;
      }
      if (input.text === undefined || input.text === '')
        return toolFailure(`The action 'keep' needs the excerpt: give 'text', word for word.`);
      if (input.text.length > limits.MaxSnipCharacters)
        return toolFailure(
          `The excerpt has ${formatCount(input.text.length)} characters; a snip holds at most ${formatCount(limits.MaxSnipCharacters)} (Svc:Tools:Session:MaxSnipCharacters). Keep a shorter passage, or split it into several snips.`,
        );
      if (existing === undefined && snips.size >= limits.MaxSnips)
        return toolFailure(
          `${formatCount(limits.MaxSnips)} snips are kept already, the most a run holds (Svc:Tools:Session:MaxSnips). Delete one you no longer need, or replace one by keeping under its name.`,
        );
      const keptBy = context.caller.agent;
      snips.set(name, {
        text: input.text,
        ...(input.source === undefined ? {} : { source: input.source }),
        ...(keptBy === undefined ? {} : { keptBy }),
      });
      return `${existing === undefined ? 'Kept' : 'Replaced'} the snip '${name}' (${formatCount(input.text.length)} characters).`;
    },
  });
}

function describeSnip(snip: Snip): string {
  const flat = oneLine(snip.text);
  const preview = flat.length > previewCharacters ? `${flat.slice(0, previewCharacters)}…` : flat;
  const from = snip.source === undefined ? '' : `, from ${oneLine(snip.source)}`;
  const by = snip.keptBy === undefined ? '' : `, kept by ${snip.keptBy}`;
  return `${formatCount(snip.text.length)} characters${from}${by}: "${preview}"`;
}

/** The text on one line, so a listing cannot be garbled by line breaks or control characters in it. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

function unknownSnip(name: string, snips: ReadonlyMap<string, Snip>): string {
  const names = [...snips.keys()];
  return names.length === 0
    ? `No snip is named '${name}': none is kept yet in this run.`
    : `No snip is named '${name}'. Snips: ${names.map((known) => `'${known}'`).join(', ')}.`;
}
