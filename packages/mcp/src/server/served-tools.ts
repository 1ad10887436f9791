import {
  type AgentDefinition,
  type CrewDefinition,
  collaborationToolNames,
  DlpChannelGuardService,
  elicitationChannel,
  type Runtime,
  spawnAgentToolName,
  type Tool,
  type ToolResult,
  toolInputJsonSchema,
} from '@orkeon/core';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpCallContext, McpToolDescription, McpToolResult } from './mcp-catalog.js';
import { toMcpContent } from './mcp-content.js';
import { McpServerError } from './mcp-server-error.js';
import { screenedToolAnswers } from './screened-tool-answers.js';

/**
 * Tools never served, and why: `human_input` asks a person at the server's own
 * terminal, which a remote client must never reach; the others work only for an
 * agent inside a crew run (its coworkers, its autonomous task), so a client calling
 * them would only ever be refused. `ask_<agent-id>` is how a client reaches the crew.
 */
const neverServed = new Map<string, string>([
  ['human_input', "it asks a person at this server's terminal"],
  ...[...collaborationToolNames, spawnAgentToolName].map(
    (name) => [name, 'it works only for an agent inside a crew run; call ask_<agent-id> instead'] as [string, string],
  ),
]);

/** One served tool: its description and how a call runs. */
export interface ServedTool {
  readonly description: McpToolDescription;
  call(input: unknown, context: McpCallContext): Promise<McpToolResult>;
}

/**
 * The tools a server offers: the runtime's tools, whose calls cross `runtime.pipeline`
 * under caller `mcp` (validation, permission gate, time-out, truncation, audit, span),
 * and one `ask_<agent-id>` per crew agent, which runs that agent on the input. `only`
 * (`--tools`) narrows the set; a name it gives that is not served refuses the start.
 */
export function servedTools(
  runtime: Runtime,
  crew: CrewDefinition | undefined,
  only: readonly string[] | undefined,
): Map<string, ServedTool> {
  // Tools a crew module hands its agents by value join the registry, as they do when a run starts.
  for (const agent of crew?.agents ?? [])
    for (const tool of agent.ownTools ?? []) if (runtime.tools.get(tool.name) !== tool) runtime.tools.register(tool);
  const all = new Map<string, ServedTool>();
  for (const tool of runtime.tools.list()) {
    if (!neverServed.has(tool.name.toLowerCase())) all.set(tool.name, pipelineTool(runtime, tool));
  }
  for (const agent of crew?.agents ?? []) {
    const name = `ask_${agent.id}`;
    const taken = [...all.keys()].find((key) => key.toLowerCase() === name.toLowerCase());
    if (taken !== undefined)
      throw new McpServerError(
        'MCP_SERVE_TOOL_DUPLICATE',
        `The tool '${taken}' and the crew agent '${agent.id}' (served as '${name}') would share a name. Rename the agent or the tool.`,
      );
    all.set(name, agentTool(runtime, crew as CrewDefinition, agent, name));
  }
  // Svc:Dlp:ApplyInPipeline: every answer passes the ExternalOutput channel before it leaves for the client.
  const guard = runtime.services.tryGet(DlpChannelGuardService);
  if (guard !== undefined) for (const [name, tool] of all) all.set(name, screenedToolAnswers(tool, guard));
  if (only === undefined) return sorted(all);
  const chosen = new Map<string, ServedTool>();
  const unknown: string[] = [];
  for (const wanted of only) {
    const key = [...all.keys()].find((name) => name.toLowerCase() === wanted.toLowerCase());
    if (key === undefined) unknown.push(wanted);
    else chosen.set(key, all.get(key) as ServedTool);
  }
  if (unknown.length > 0) {
    const why = unknown
      .filter((name) => neverServed.has(name.toLowerCase()))
      .map((name) => ` ${name} is never served: ${neverServed.get(name.toLowerCase())}.`)
      .join('');
    throw new McpServerError(
      'MCP_SERVE_TOOL_UNKNOWN',
      `--tools names ${unknown.map((name) => `'${name}'`).join(', ')}, which this server does not have.${why} Served tools: ${[...all.keys()].sort().join(', ')}.`,
    );
  }
  return sorted(chosen);
}

function sorted(tools: Map<string, ServedTool>): Map<string, ServedTool> {
  return new Map([...tools].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function pipelineTool(runtime: Runtime, tool: Tool): ServedTool {
  return {
    description: {
      name: tool.name,
      description: tool.description,
      inputSchema: toolInputJsonSchema(tool),
      annotations: tool.access === 'Read' ? { readOnlyHint: true } : { readOnlyHint: false },
    },
    async call(input, context) {
      const result = await runtime.pipeline.invoke({
        tool: tool.name,
        input,
        caller: { kind: 'mcp' },
        callId: `mcp-${String(context.requestId)}`,
        signal: context.signal,
        ...(context.onProgress === undefined ? {} : { onProgress: context.onProgress }),
        ...(context.onLog === undefined ? {} : { onLog: context.onLog }),
        ...(context.callerRequests === undefined ? {} : { callerRequests: context.callerRequests }),
      });
      return toMcpResult(result);
    },
  };
}

function agentTool(runtime: Runtime, crew: CrewDefinition, agent: AgentDefinition, name: string): ServedTool {
  return {
    description: {
      name,
      description: `Ask the ${agent.role} of the crew '${crew.name}' (goal: ${agent.goal}). It works on the input with its own tools and answers.`,
      inputSchema: {
        type: 'object',
        properties: { input: { type: 'string', description: 'What the agent should do or answer.' } },
        required: ['input'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false },
    },
    async call(input, context) {
      const text = (input as { input?: unknown } | null)?.input;
      if (typeof text !== 'string' || text.trim() === '')
        return errorResult(`Invalid arguments for tool '${name}': send { "input": "<what the agent should do>" }.`);
      try {
        const result = await runtime.run(agent, text, {
          crew,
          signal: context.signal,
          caller: { kind: 'mcp', agent: agent.role, agentId: agent.id, crew: crew.name },
          // The agent's human_input questions reach the client's person, when the client takes forms.
          ...(context.callerRequests?.elicit === undefined
            ? {}
            : { humanInput: elicitationChannel(context.callerRequests.elicit) }),
        });
        if (result.interrupted === true) return errorResult(`the agent '${agent.id}' was stopped before it answered`);
        return { content: [{ type: 'text', text: result.output }], isError: false };
      } catch (error) {
        return errorResult(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * A refusal or failure of the pipeline is a tool error whose text reads `Error: <reason>`;
 * a rich result carries every part (images, audio, embedded resources) as MCP content.
 */
function toMcpResult(result: ToolResult): McpToolResult {
  if (result.outcome !== 'Success') return errorResult(result.output);
  return {
    content: result.content === undefined ? [{ type: 'text', text: result.output }] : result.content.map(toMcpContent),
    isError: false,
  };
}

function errorResult(reason: string): McpToolResult {
  return {
    content: [{ type: 'text', text: reason.startsWith('Error: ') ? reason : `Error: ${reason}` }],
    isError: true,
  };
}

/** An unknown tool is a protocol error: the client asked for something not on the list. */
export function unknownTool(name: string, served: Iterable<string>): JsonRpcFailure {
  return new JsonRpcFailure(
    jsonRpcCodes.invalidParams,
    `Unknown tool '${name}'. Served tools: ${[...served].join(', ') || '(none)'}.`,
  );
}
