import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  type ChatModel,
  Configuration,
  coreSettingsSections,
  createRuntime,
  defineCrew,
  defineTool,
  ServiceCollection,
  type SettingsTree,
  toolContent,
} from '@orkeon/core';
import { addSvcMcp, mcpSettings } from '@orkeon/mcp';
import {
  captureLogger,
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSvcMultiModal, multiModalSettings } from '../src/index.js';
import { bmp, png, pngBase64, wav } from './media-fixtures.js';

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
beforeEach(async () => {
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  // A PNG under a JPEG's name: the bytes decide.
  await writeFile(join(folder.path, 'chart.jpg'), png);
  await writeFile(join(folder.path, 'scan.png'), bmp);
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

const openAi = (provider = 'openai'): ChatModel => ({
  provider,
  modelId: 'scripted',
  model: createOpenAICompatible({ name: provider, baseURL: server.openAiBaseUrl }).chatModel('scripted'),
  supportsStreaming: true,
});
const anthropic = (): ChatModel => ({
  provider: 'anthropic',
  modelId: 'claude-test',
  model: createAnthropic({ baseURL: server.anthropicBaseUrl, apiKey: 'test-key' })('claude-test'),
  supportsStreaming: true,
});

const configurationOf = (tree: SettingsTree = { Svc: { MultiModal: {} } }) =>
  Configuration.fromObject({ Llm: { MaxRetries: 0 }, ...tree }, [
    ...coreSettingsSections,
    multiModalSettings,
    mcpSettings,
  ]);

async function runtimeWith(
  model: ChatModel,
  options: { multiModal?: boolean; tree?: SettingsTree; tools?: ReturnType<typeof defineTool>[] } = {},
) {
  const configuration = configurationOf(options.tree);
  const services = new ServiceCollection();
  if (options.multiModal !== false) addSvcMultiModal(services, configuration);
  if (options.tree?.MCP !== undefined) await addSvcMcp(services, configuration, { logger: captureLogger().logger });
  return createRuntime({
    services,
    configuration,
    model,
    logger: captureLogger().logger,
    mounts: [`${folder.path}:/inbox:ro`],
    tools: options.tools ?? [],
  });
}

const chartCrew = defineCrew({
  name: 'charts',
  agents: [{ id: 'analyst', role: 'Analyst', goal: 'Reads charts' }],
  tasks: [
    {
      id: 'read',
      description: 'What does the chart show?',
      expectedOutput: 'One sentence',
      agent: 'analyst',
      attachments: ['/inbox/chart.jpg'],
    },
  ],
});

type Message = { role: string; content: unknown };
const messagesOf = (index = 0) =>
  (server.requests[index]?.body as { messages?: Message[] } | undefined)?.messages ?? [];
const lastUser = (index = 0) =>
  messagesOf(index)
    .filter((message) => message.role === 'user')
    .at(-1);

describe('a task’s attachments, through createRuntime', () => {
  it('reach an OpenAI model as an image_url part, typed by their bytes', async () => {
    await using runtime = await runtimeWith(openAi());
    server.enqueue({ text: 'A rising line.' });
    const result = await runtime.run(chartCrew, undefined);
    expect(result.success).toBe(true);
    const content = lastUser()?.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('What does the chart show?') });
    expect(content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${pngBase64}` } });
  });

  it('reach an Anthropic model as an image block', async () => {
    await using runtime = await runtimeWith(anthropic());
    server.enqueue({ text: 'A rising line.' });
    expect((await runtime.run(chartCrew, undefined)).success).toBe(true);
    const content = lastUser()?.content as { type: string }[];
    expect(content.at(-1)).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: pngBase64 },
    });
  });

  it('reach a provider without vision as the text form of the message', async () => {
    await using runtime = await runtimeWith(openAi('mistral'));
    server.enqueue({ text: 'I cannot see it.' });
    expect((await runtime.run(chartCrew, undefined)).success).toBe(true);
    expect(lastUser()?.content).toEqual(
      expect.stringContaining('[image image/png, 70 B: /inbox/chart.jpg] (not shown to this model)'),
    );
    expect(server.requests[0]?.rawBody).not.toContain(pngBase64);
  });

  it('reach a provider added to VisionProviders as images', async () => {
    await using runtime = await runtimeWith(openAi('gemini'), {
      tree: { Svc: { MultiModal: { VisionProviders: ['gemini'] } } },
    });
    server.enqueue({ text: 'A rising line.' });
    expect((await runtime.run(chartCrew, undefined)).success).toBe(true);
    expect(server.requests[0]?.rawBody).toContain(`data:image/png;base64,${pngBase64}`);
  });

  it('with Enabled false, go to every model in their text form', async () => {
    await using runtime = await runtimeWith(openAi(), { tree: { Svc: { MultiModal: { Enabled: false } } } });
    server.enqueue({ text: 'Unseen.' });
    expect((await runtime.run(chartCrew, undefined)).success).toBe(true);
    expect(server.requests[0]?.rawBody).not.toContain(pngBase64);
    expect(lastUser()?.content).toEqual(expect.stringContaining('[image image/png, 70 B: /inbox/chart.jpg]'));
  });

  it('without addSvcMultiModal, refuse the run before any model call, naming the fix', async () => {
    await using runtime = await runtimeWith(openAi(), { multiModal: false });
    await expect(runtime.run(chartCrew, undefined)).rejects.toMatchObject({
      code: 'LLM_ATTACHMENTS_UNSUPPORTED',
      message: expect.stringContaining("Task 'read' has attachments"),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('fail the task when the file is not a supported image or is outside the mounts', async () => {
    await using runtime = await runtimeWith(openAi());
    const crewWith = (path: string) =>
      defineCrew({ ...chartCrew, tasks: [{ ...chartCrew.tasks[0], attachments: [path] } as never] });
    const scan = await runtime.run(crewWith('/inbox/scan.png'), undefined);
    expect(scan.success).toBe(false);
    expect(scan.tasks[0]?.error).toMatchObject({
      message: expect.stringContaining('the image /inbox/scan.png: its bytes are a BMP image'),
    });
    const outside = await runtime.run(crewWith('/etc/chart.png'), undefined);
    expect(outside.tasks[0]?.error).toMatchObject({
      message: expect.stringContaining('The image /etc/chart.png cannot be read (NO_MOUNT)'),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('keep to the mounts: a link out of one, a path that climbs out and a folder are refused, nothing sent', async () => {
    const secret = await createTemporaryDirectory();
    try {
      await writeFile(join(secret.path, 'secret.png'), png);
      await symlink(join(secret.path, 'secret.png'), join(folder.path, 'link.png'));
      await using runtime = await runtimeWith(openAi());
      const refusal = async (path: string) => {
        const crew = defineCrew({ ...chartCrew, tasks: [{ ...chartCrew.tasks[0], attachments: [path] } as never] });
        return (await runtime.run(crew, undefined)).tasks[0]?.error?.message;
      };
      expect(await refusal('/inbox/link.png')).toContain('The image /inbox/link.png cannot be read (OUTSIDE_MOUNT)');
      expect(await refusal('/inbox/../etc/passwd')).toContain('(NO_MOUNT)');
      expect(await refusal('/inbox')).toContain('(NOT_A_FILE)');
      expect(server.requests).toHaveLength(0);
    } finally {
      await secret.remove();
    }
  });
});

describe('an agent run’s attachments', () => {
  const agent = { id: 'listener', role: 'Listener', goal: 'Listens' };

  it('refuse audio bound for a vision payload, and describe it to a model without vision', async () => {
    await using vision = await runtimeWith(openAi());
    await expect(
      vision.run(agent, 'Transcribe this.', { attachments: [{ type: 'audio', data: wav(2), name: 'memo.wav' }] }),
    ).rejects.toMatchObject({
      code: 'MULTIMODAL_PART_NOT_SUPPORTED',
      message: expect.stringContaining(
        '[audio audio/wav, 108 B: memo.wav]: audio is sent to no provider, and openai is sent images only',
      ),
    });
    expect(server.requests).toHaveLength(0);
    await using plain = await runtimeWith(openAi('deepseek'));
    server.enqueue({ text: 'I cannot hear it.' });
    await plain.run(agent, 'Transcribe this.', { attachments: [{ type: 'audio', data: wav(2), name: 'memo.wav' }] });
    expect(lastUser()?.content).toEqual(
      expect.stringContaining('[audio audio/wav, 108 B: memo.wav] (not shown to this model)'),
    );
  });

  it('send images given as bytes, and a virtual path', async () => {
    await using runtime = await runtimeWith(openAi());
    server.enqueue({ text: 'Two pictures.' });
    await runtime.run(agent, 'Compare.', {
      attachments: [
        { type: 'image', data: png },
        { type: 'path', path: '/inbox/chart.jpg' },
      ],
    });
    const parts = lastUser()?.content as { type: string }[];
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url']);
  });
});

describe('the images of tool results take the same path', () => {
  const screenshot = defineTool({
    name: 'screenshot',
    description: 'answers a caption and an image',
    access: 'Read',
    input: z.object({}),
    execute: async () => toolContent(['The page:', { type: 'image', data: pngBase64, mimeType: 'image/webp' }]),
  });
  const looker = { id: 'looker', role: 'Looker', goal: 'Looks', tools: ['screenshot'] };

  it('for OpenAI: the tool message says where the image went, and a user message carries it', async () => {
    await using runtime = await runtimeWith(openAi(), { tools: [screenshot] });
    server.enqueue({ toolCalls: [{ name: 'screenshot', arguments: {} }] }, { text: 'A pixel.' });
    expect((await runtime.run(looker, 'Look.')).output).toBe('A pixel.');
    const messages = messagesOf(1);
    const toolAt = messages.findIndex((message) => message.role === 'tool');
    expect(messages[toolAt]?.content).toBe('The page:\n[image image/png, 70 B: sent after the tool results]');
    expect(messages[toolAt + 1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'The images returned by the tool calls above:' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${pngBase64}` } },
      ],
    });
  });

  it('for a provider without vision, only the text summary, as without the subsystem', async () => {
    await using runtime = await runtimeWith(openAi('qwen'), { tools: [screenshot] });
    server.enqueue({ toolCalls: [{ name: 'screenshot', arguments: {} }] }, { text: 'A pixel.' });
    await runtime.run(looker, 'Look.');
    expect(server.requests[1]?.rawBody).not.toContain(pngBase64);
  });

  it('for an MCP tool on Anthropic: the image in the tool result, typed by its bytes; a bad one described', async () => {
    const camera = fileURLToPath(new URL('./fixtures/camera-server.mjs', import.meta.url));
    await using runtime = await runtimeWith(anthropic(), {
      tree: { Svc: { MultiModal: {} }, MCP: { Servers: { camera: { Command: process.execPath, Args: [camera] } } } },
    });
    server.enqueue(
      {
        toolCalls: [
          { name: 'snapshot', arguments: {} },
          { name: 'scan', arguments: {} },
        ],
      },
      { text: 'A hall and a page.' },
    );
    await runtime.run({ ...looker, tools: ['snapshot', 'scan'] }, 'Look.');
    const results = messagesOf(1)
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .filter((part: { type?: string }) => part.type === 'tool_result') as { content: unknown[] }[];
    expect(results[0]?.content).toEqual([
      { type: 'text', text: 'The hall:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngBase64 } },
    ]);
    expect(results[1]?.content).toEqual([
      { type: 'text', text: 'The page:' },
      {
        type: 'text',
        text: '[image not sent: its bytes are a BMP image; supported (Svc:MultiModal:SupportedImageFormats): png, jpeg, gif, webp. Convert it to one of those.]',
      },
    ]);
  });
});

describe('a script’s model client', () => {
  it('sends attachments with complete()', async () => {
    await using runtime = await runtimeWith(anthropic());
    server.enqueue({ text: 'A chart.' });
    const answer = await runtime.llmClient().complete('What is this?', {
      attachments: [{ type: 'path', path: '/inbox/chart.jpg' }],
    });
    expect(answer.output).toBe('A chart.');
    expect(server.requests[0]?.rawBody).toContain(`"media_type":"image/png","data":"${pngBase64}"`);
  });
});
