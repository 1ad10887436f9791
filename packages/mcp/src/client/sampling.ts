import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { type CallerIdentity, callingModel, type ToolInvocationPipeline } from '@orkeon/core';
import type { CallInFlight } from './calls-in-flight.js';

/** A server's `sampling/createMessage`, with the tool call it arrived during. */
export interface McpSamplingRequest {
  readonly serverId: string;
  /** The request's params as the server sent them (messages, systemPrompt, maxTokens, …). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The tool call in flight on that connection, if any: its caller and asynchronous context. */
  readonly call?: CallInFlight;
}

/** The answer of `sampling/createMessage`. */
export interface McpSamplingResult {
  readonly role: 'assistant';
  readonly content: { readonly type: 'text'; readonly text: string };
  readonly model: string;
  readonly stopReason: 'endTurn' | 'maxTokens';
}

/** Answers a server's sampling request; throwing refuses it (the server gets a JSON-RPC error). */
export type McpSamplingHandler = (request: McpSamplingRequest, signal: AbortSignal) => Promise<McpSamplingResult>;

/** The MCP specification's code for a sampling request the user (here: the permission gate) rejected. */
const rejectedCode = -1;

/**
 * Sampling through the model of the agent whose tool call the server is answering: the request is
 * judged by the permission gate as an Execute action, then answered by that agent's client (its
 * guardrails, its telemetry, the run's budget), at most `maxTokens` tokens. A request outside an
 * agent's tool call, or with other than text, is refused.
 */
export function samplingThroughCallingModel(options: {
  /** The runtime's pipeline, for the gate; absent: no gate to ask. */
  readonly pipeline: () => ToolInvocationPipeline | undefined;
  readonly maxTokens: (serverId: string) => number;
}): McpSamplingHandler {
  return async ({ serverId, params, call }, signal) => {
    const server = `MCP server '${serverId}'`;
    const model = call?.resume(() => callingModel());
    if (call === undefined || model === undefined)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `${server} asked for sampling outside an agent's tool call: there is no agent model to answer with.`,
      );
    const transcript = transcriptOf(params.messages, server);
    const asked = Number(params.maxTokens);
    const maxTokens = Math.min(
      Number.isFinite(asked) && asked > 0 ? asked : Number.POSITIVE_INFINITY,
      options.maxTokens(serverId),
    );
    const caller: CallerIdentity = call.caller ?? { kind: 'mcp' };
    const refused = await call.resume(() =>
      options.pipeline()?.permit({
        name: `sampling(${serverId})`,
        access: 'Execute',
        input: { messages: transcript.length, maxTokens },
        caller,
      }),
    );
    if (refused !== undefined)
      throw new ProtocolError(rejectedCode, `${server}'s sampling request was refused: ${refused}`);
    const system = typeof params.systemPrompt === 'string' ? params.systemPrompt : undefined;
    const temperature = typeof params.temperature === 'number' ? params.temperature : undefined;
    const answer = await call.resume(() =>
      model.complete(transcript, {
        maxTokens,
        signal,
        ...(system === undefined ? {} : { system }),
        ...(temperature === undefined ? {} : { temperature }),
      }),
    );
    return {
      role: 'assistant',
      content: { type: 'text', text: answer.output },
      model: model.name,
      stopReason: answer.usage.outputTokens >= maxTokens ? 'maxTokens' : 'endTurn',
    };
  };
}

/** The conversation as one prompt: each message on its own, named by its role. Only text can be answered. */
function transcriptOf(messages: unknown, server: string): string {
  if (!Array.isArray(messages) || messages.length === 0)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${server}'s sampling request has no messages.`);
  return messages
    .map((message: { role?: unknown; content?: unknown }) => {
      const parts = Array.isArray(message.content) ? message.content : [message.content];
      const text = parts.map((part: { type?: unknown; text?: unknown }) => {
        if (part?.type !== 'text' || typeof part.text !== 'string')
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `${server} asked for sampling with ${String(part?.type)} content; Orkeon answers text only.`,
          );
        return part.text;
      });
      return message.role === 'assistant' ? `Assistant: ${text.join('\n')}` : `User: ${text.join('\n')}`;
    })
    .join('\n\n');
}
