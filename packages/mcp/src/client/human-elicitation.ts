import type { HumanInputAsker } from '@orkeon/core';
import {
  elicitationProblem,
  type McpElicitation,
  type McpElicitationContent,
  type McpElicitationHandler,
  type McpElicitationSchema,
  withElicitationDefaults,
} from './elicitation.js';

/** How many answers a person may give before a form that still does not fit is declined. */
export const maxElicitationAttempts = 3;

/**
 * Puts an MCP server's form to a person through the runtime's human-input channel
 * (a terminal prompt, `input.needed`/`input.given` with `--events jsonl`, or the
 * host's channel), as a text question: the answer is a JSON object of the fields,
 * an empty answer takes the defaults, `decline` refuses and `cancel` dismisses.
 * An answer that does not fit the form (after the defaults) is asked again with
 * the reason, up to three times, then declined. No channel, or no answer: decline.
 */
export function elicitationThroughHumanInput(asker: HumanInputAsker): McpElicitationHandler {
  return async (request, signal) => {
    let problem: string | undefined;
    for (let attempt = 1; attempt <= maxElicitationAttempts; attempt++) {
      const answer = await asker.ask(
        {
          kind: 'text',
          prompt: elicitationPrompt(request, problem),
          // An MCP server asks, during the call of one of its tools, made by `caller` (an agent of a run).
          source: 'tool',
          caller: request.caller ?? { kind: 'mcp' },
          ...(request.toolName === undefined ? {} : { toolName: request.toolName }),
        },
        signal,
      );
      if (!answer.answered) return { action: 'decline' };
      const read = readAnswer(answer.value, request.requestedSchema);
      if (typeof read !== 'string') return read;
      problem = read;
    }
    return { action: 'decline' };
  };
}

/** The decision a person's text makes, or why it fits no decision. */
function readAnswer(
  text: string,
  schema: McpElicitationSchema,
): { action: 'accept'; content: McpElicitationContent } | { action: 'decline' } | { action: 'cancel' } | string {
  const trimmed = text.trim();
  if (/^(decline|no|n)$/i.test(trimmed)) return { action: 'decline' };
  if (/^cancel$/i.test(trimmed)) return { action: 'cancel' };
  let parsed: unknown = {};
  if (trimmed !== '') {
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return `'${shorten(trimmed)}' is not a JSON object`;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return `'${shorten(trimmed)}' is not a JSON object`;
  const content = withElicitationDefaults(schema, parsed as McpElicitationContent);
  const problem = elicitationProblem(schema, content);
  return problem === undefined ? { action: 'accept', content } : problem;
}

/** The question: the server's message, each field with its type, limits and default, and how to answer. */
export function elicitationPrompt(request: McpElicitation, problem?: string): string {
  const required = new Set(request.requestedSchema.required ?? []);
  const fields = Object.entries(request.requestedSchema.properties).map(
    ([name, field]) => `  ${name}: ${describeField(field as Record<string, unknown>, required.has(name))}`,
  );
  const via = request.toolName === undefined ? '' : ` (during its tool '${request.toolName}')`;
  return [
    ...(problem === undefined ? [] : [`That answer was not used: ${problem}. Please answer again.`]),
    `MCP server '${request.serverId}' asks${via}: ${request.message}`,
    'Fields:',
    ...fields,
    'Answer with a JSON object of the fields, e.g. {"name": "value"}; an empty answer or {} takes the defaults; "decline" refuses; "cancel" dismisses.',
  ].join('\n');
}

function describeField(field: Record<string, unknown>, required: boolean): string {
  const choices = choicesOf(field);
  const parts = [
    choices === undefined ? String(field.type ?? 'value') : `one of ${choices.join(', ')}`,
    required ? 'required' : 'optional',
  ];
  for (const limit of ['minLength', 'maxLength', 'minimum', 'maximum', 'format'])
    if (field[limit] !== undefined) parts.push(`${limit} ${String(field[limit])}`);
  if (field.default !== undefined) parts.push(`default ${JSON.stringify(field.default)}`);
  const about = field.title ?? field.description;
  return `${parts.join(', ')}${about === undefined ? '' : ` — ${String(about)}`}`;
}

function choicesOf(field: Record<string, unknown>): string[] | undefined {
  const items = (field.type === 'array' ? field.items : field) as Record<string, unknown> | undefined;
  const listed = items?.enum ?? items?.oneOf ?? items?.anyOf;
  if (!Array.isArray(listed)) return undefined;
  const names = listed.map((entry) => String(typeof entry === 'object' && entry !== null ? entry.const : entry));
  return field.type === 'array' ? [`[${names.join(', ')}] (a list)`] : names;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
