import { type Guardrail, isGuardrail } from '../guardrails/guardrail.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { StopCondition } from '../llm/stop-conditions.js';
import { isChatModel, type ModelInput, toChatModel } from '../llm/to-chat-model.js';
import type { Tool } from '../tools/tool.js';

/** What only TypeScript can give an agent: tools and a model by value, stop conditions. YAML names tools instead. */
export interface AgentCodeFields {
  /** Tools handed over as values; their names are also in `tools`. */
  readonly ownTools?: readonly Tool[];
  readonly model?: ChatModel;
  readonly stopWhen?: readonly StopCondition[];
  /** Guardrails handed over as values; their names are also in `guardrails`. */
  readonly ownGuardrails?: readonly Guardrail[];
}

/**
 * A `guardrails` list as written in code, split: every entry's name for the schema, and the
 * guardrails given as values (with those carried from an earlier validation).
 */
export function splitGuardrails(listed: unknown, carried: unknown): { names: unknown; own: Guardrail[] } {
  const own = Array.isArray(carried) ? carried.filter(isGuardrail) : [];
  if (!Array.isArray(listed)) return { names: listed, own };
  for (const guardrail of listed.filter(isGuardrail)) if (!own.includes(guardrail)) own.push(guardrail);
  return { names: listed.map((entry) => (isGuardrail(entry) ? entry.name : entry)), own };
}

function isTool(value: unknown): value is Tool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Tool).name === 'string' &&
    typeof (value as Tool).execute === 'function'
  );
}

/**
 * Splits an agent as written in code into what the crew schema judges (tool names,
 * settings) and the values only code can carry. Anything else is left in place for
 * the schema to judge, so a wrong value still gets the schema's message.
 */
export function splitAgentCodeFields(input: unknown): { plain: unknown; code: AgentCodeFields } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { plain: input, code: {} };
  // `ownTools` is present when an already validated definition is validated again (e.g. inside a crew).
  const {
    tools,
    model,
    stopWhen,
    ownTools: carried,
    guardrails,
    ownGuardrails: carriedGuardrails,
    ...rest
  } = input as Record<string, unknown>;
  const plain: Record<string, unknown> = { ...rest };
  const code: { ownTools?: Tool[]; model?: ChatModel; stopWhen?: StopCondition[]; ownGuardrails?: Guardrail[] } = {};
  const split = splitGuardrails(guardrails, carriedGuardrails);
  if (guardrails !== undefined) plain.guardrails = split.names;
  if (split.own.length > 0) code.ownGuardrails = split.own;
  const ownTools = Array.isArray(carried) ? carried.filter(isTool) : [];
  if (Array.isArray(tools)) {
    for (const tool of tools.filter(isTool)) if (!ownTools.includes(tool)) ownTools.push(tool);
    plain.tools = tools.map((entry) => (isTool(entry) ? entry.name : entry));
  } else if (tools !== undefined) plain.tools = tools;
  if (ownTools.length > 0) code.ownTools = ownTools;
  if (model !== undefined) code.model = isChatModel(model) ? model : toChatModel(model as ModelInput);
  if (stopWhen !== undefined) code.stopWhen = (Array.isArray(stopWhen) ? stopWhen : [stopWhen]) as StopCondition[];
  return { plain, code };
}
