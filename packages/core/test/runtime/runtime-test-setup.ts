import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach } from 'vitest';
import type { ChatModel } from '../../src/llm/chat-model.js';

/** A model on the scripted model server, with a given id. */
export function scriptedModel(server: ScriptedModelServer, modelId = 'scripted-model'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}

/** The model ids the server was asked for, in order. */
export function requestedModels(server: ScriptedModelServer): string[] {
  return server.requests.map((request) => String((request.body as { model?: unknown } | undefined)?.model));
}

/** A scripted model server and an empty folder for each test of the file, both removed afterwards. */
export function useServerAndFolder(): { readonly server: ScriptedModelServer; readonly folder: string } {
  const state: { server?: ScriptedModelServer; folder?: string } = {};
  beforeEach(async () => {
    state.server = await startScriptedModelServer();
    state.folder = await mkdtemp(join(tmpdir(), 'orkeon-runtime-'));
  });
  afterEach(async () => {
    await state.server?.close();
    if (state.folder !== undefined) await rm(state.folder, { recursive: true, force: true });
  });
  return {
    get server() {
      if (state.server === undefined) throw new Error('useServerAndFolder: read inside a test');
      return state.server;
    },
    get folder() {
      if (state.folder === undefined) throw new Error('useServerAndFolder: read inside a test');
      return state.folder;
    },
  };
}

/** The text of a recorded request's user messages. */
export function userTextOf(request: { body?: unknown } | undefined): string {
  const messages = ((request?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ??
    []) as { role: string; content: unknown }[];
  return messages
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part) => (part as { text?: string }).text ?? '').join('')
          : '',
    )
    .join('\n');
}
