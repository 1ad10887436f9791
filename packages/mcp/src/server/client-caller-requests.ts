import type {
  ToolCallerRequests,
  ToolElicitation,
  ToolElicitationContent,
  ToolElicitationResult,
  ToolSamplingRequest,
  ToolSamplingResult,
} from '@orkeon/core';

/** Sends one request to the client (`elicitation/create`, `sampling/createMessage`) and answers its result. */
export type AskClient = (method: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * What a served tool may ask the MCP client, by the capabilities the client declared: a form
 * through `elicitation/create` when it takes form elicitation, a completion through
 * `sampling/createMessage` when it takes sampling. Nothing is sent that it did not declare.
 */
export function clientCallerRequests(capabilities: unknown, ask: AskClient): ToolCallerRequests {
  const declared = isRecord(capabilities) ? capabilities : {};
  return {
    ...(takesForms(declared.elicitation) ? { elicit: (request: ToolElicitation) => elicit(ask, request) } : {}),
    ...(isRecord(declared.sampling) ? { sample: (request: ToolSamplingRequest) => sample(ask, request) } : {}),
  };
}

/** `{}` declares form elicitation (2025-06-18); from 2025-11-25 a client may declare `form`, `url` or both. */
function takesForms(elicitation: unknown): boolean {
  if (!isRecord(elicitation)) return false;
  return Object.keys(elicitation).length === 0 || isRecord(elicitation.form);
}

async function elicit(ask: AskClient, request: ToolElicitation): Promise<ToolElicitationResult> {
  const result = await ask('elicitation/create', {
    message: request.message,
    requestedSchema: request.requestedSchema,
  });
  const action = result.action;
  if (action === 'decline' || action === 'cancel') return { action };
  if (action !== 'accept')
    throw new Error(
      `the client answered the elicitation with action ${JSON.stringify(action)}, not accept, decline or cancel`,
    );
  return { action, content: (isRecord(result.content) ? result.content : {}) as ToolElicitationContent };
}

async function sample(ask: AskClient, request: ToolSamplingRequest): Promise<ToolSamplingResult> {
  const result = await ask('sampling/createMessage', {
    messages: request.messages.map((message) => ({
      role: message.role,
      content: { type: 'text', text: message.text },
    })),
    maxTokens: request.maxTokens,
    ...(request.systemPrompt === undefined ? {} : { systemPrompt: request.systemPrompt }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
  });
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const texts = blocks.filter(isRecord).filter((block) => block.type === 'text' && typeof block.text === 'string');
  if (texts.length === 0)
    throw new Error(
      `the client's model answered without text (content ${blocks.map((block) => (isRecord(block) ? String(block.type) : typeof block)).join(', ')})`,
    );
  return {
    text: texts.map((block) => block.text as string).join(''),
    model: typeof result.model === 'string' ? result.model : 'unknown',
    ...(typeof result.stopReason === 'string' ? { stopReason: result.stopReason } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
