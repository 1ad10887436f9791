import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { captureLogger, type RecordedRequest, type ScriptedModelServer } from '@orkeon/testing';
import type { AgentDefinition } from '../../src/crew/agent-definition.js';
import type { TaskDefinition } from '../../src/crew/task-definition.js';
import { createEchoModel } from '../../src/llm/echo-model.js';
import { LlmClient } from '../../src/llm/llm-client.js';
import type { Logger } from '../../src/logging/logger.js';
import type { CrewEvent } from '../../src/process/crew-events.js';
import type { CallerIdentity } from '../../src/tools/tool.js';

/** A `clientFor` that talks to the scripted model server, remembering every call it was asked for. */
export function scriptedClients(server: ScriptedModelServer, logger: Logger = captureLogger().logger) {
  const calls: { agent: string; task: string; caller: CallerIdentity }[] = [];
  const clientFor = (agent: AgentDefinition, task: TaskDefinition, caller: CallerIdentity) => {
    calls.push({ agent: agent.id, task: task.id, caller });
    const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
    return new LlmClient({
      model: {
        provider: 'openai',
        modelId: 'scripted-model',
        model: provider.chatModel('scripted-model'),
        supportsStreaming: true,
      },
      logger,
      caller,
      settings: { MaxRetries: 0, TimeoutSeconds: 30 },
    });
  };
  return { clientFor, calls };
}

/** A `clientFor` on the offline echo model, for tests where the answers do not matter. */
export function echoClients() {
  const calls: { agent: string; task: string; caller: CallerIdentity }[] = [];
  const logger = captureLogger().logger;
  const model = createEchoModel();
  const clientFor = (agent: AgentDefinition, task: TaskDefinition, caller: CallerIdentity) => {
    calls.push({ agent: agent.id, task: task.id, caller });
    return new LlmClient({ model, logger, caller });
  };
  return { clientFor, calls };
}

/** Collects the run's events. */
export function eventLog() {
  const events: CrewEvent[] = [];
  return { events, onEvent: (event: CrewEvent) => void events.push(event) };
}

type Message = { role: string; content: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** The text of a recorded request's user messages. */
export function userText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as Message[];
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => textOf(message.content))
    .join('\n');
}

/** The text of a recorded request's system message. */
export function systemText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as Message[];
  return messages
    .filter((message) => message.role === 'system')
    .map((message) => textOf(message.content))
    .join('\n');
}
