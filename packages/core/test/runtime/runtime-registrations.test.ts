import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger, toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { StateStoreService } from '../../src/checkpoint/state-store.js';
import { Configuration } from '../../src/config/configuration.js';
import { coreSettingsSections } from '../../src/core-settings-sections.js';
import { defineAgent, defineCrew } from '../../src/crew/define-crew.js';
import {
  addAfterKickoffHook,
  addBeforeKickoffHook,
  addSvcKickoffHooks,
} from '../../src/hooks/add-svc-kickoff-hooks.js';
import { ChatModelService } from '../../src/llm/chat-model.js';
import { addSvcPermissionGate } from '../../src/permissions/add-svc-permission-gate.js';
import { PermissionPromptService, type PermissionRequest } from '../../src/permissions/permission-gate.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { ChatModelFactoryService, ToolService } from '../../src/runtime/runtime-services.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { defineTool } from '../../src/tools/tool.js';
import { type ToolAuditEvent, ToolAuditSinkService } from '../../src/tools/tool-audit.js';
import { requestedModels, scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const writer = defineAgent({ id: 'writer', role: 'Writer', goal: 'Write files', tools: ['file_write'] });
const writeCall = { toolCalls: [{ name: 'file_write', arguments: { path: '/work/a.txt', content: 'hello' } }] };

/** The text the model received as the tool's answer in the second request. */
function toolAnswer(): string {
  const body = context.server.requests[1]?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  const messages = body?.messages ?? [];
  return toolResultText(String(messages.find((message) => message.role === 'tool')?.content ?? ''));
}

describe('the runtime honours the documented registrations', () => {
  it('a gate registered through addSvcPermissionGate denies a write in plan mode in a library run', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    const configuration = Configuration.fromObject(
      { Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } } } },
      coreSettingsSections,
    );
    const services = addSvcPermissionGate(new ServiceCollection(), configuration);
    await using runtime = await createRuntime({
      configuration,
      services,
      model: scriptedModel(context.server),
      mounts: [`${context.folder}:/work:rw`],
      logger: captureLogger().logger,
    });
    const result = await runtime.run(writer, 'Write hello to /work/a.txt');
    expect(result.output).toBe('done');
    expect(toolAnswer()).toMatch(/^DENIED: .*plan mode allows only reads/);
    await expect(readFile(join(context.folder, 'a.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('without a gate the same write lands (the registration above is what denied it)', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      mounts: [`${context.folder}:/work:rw`],
      logger: captureLogger().logger,
    });
    await runtime.run(writer, 'Write hello to /work/a.txt');
    expect(await readFile(join(context.folder, 'a.txt'), 'utf8')).toBe('hello');
  });

  it('a registered prompt answers the gate’s asks, and a registered audit sink receives the calls', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    const asked: PermissionRequest[] = [];
    const audited: ToolAuditEvent[] = [];
    const configuration = Configuration.fromObject(
      { Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'default' } } } },
      coreSettingsSections,
    );
    const services = addSvcPermissionGate(new ServiceCollection(), configuration)
      .addInstance(PermissionPromptService, async (request) => {
        asked.push(request);
        return true;
      })
      .addInstance(ToolAuditSinkService, (event) => void audited.push(event));
    await using runtime = await createRuntime({
      configuration,
      services,
      model: scriptedModel(context.server),
      mounts: [`${context.folder}:/work:rw`],
      logger: captureLogger().logger,
    });
    await runtime.run(writer, 'Write hello');
    expect(asked.map((request) => request.tool)).toEqual(['file_write']);
    expect(await readFile(join(context.folder, 'a.txt'), 'utf8')).toBe('hello');
    expect(audited).toMatchObject([{ tool: 'file_write', outcome: 'Success', caller: { agentId: 'writer' } }]);
  });

  it('a prompt that refuses keeps the file untouched', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      mounts: [`${context.folder}:/work:rw`],
      permissionMode: 'default',
      prompt: async () => false,
      logger: captureLogger().logger,
    });
    await runtime.run(writer, 'Write hello');
    expect(toolAnswer()).toMatch(/^DENIED/);
    await expect(readFile(join(context.folder, 'a.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('a registered ChatModel is the default model, and a host registration wins over the runtime default', async () => {
    context.server.enqueue({ text: 'from the registered model' });
    const services = new ServiceCollection().addInstance(ChatModelService, scriptedModel(context.server, 'registered'));
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    const result = await runtime.run({ id: 'a', role: 'A', goal: 'Answer' }, 'hi');
    expect(result.output).toBe('from the registered model');
    expect(requestedModels(context.server)).toEqual(['registered']);
  });

  it('an agent naming another model id gets it from the registered factory, built once', async () => {
    context.server.enqueue({ text: 'one' }, { text: 'two' });
    let built = 0;
    const services = new ServiceCollection().addInstance(ChatModelFactoryService, (modelId: string) => {
      built++;
      return scriptedModel(context.server, modelId);
    });
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server, 'default-model'),
      logger: captureLogger().logger,
    });
    const special = { id: 'b', role: 'B', goal: 'Answer', llm: { model: 'special-model' } };
    await runtime.run(special, 'first');
    await runtime.run(special, 'second');
    expect(requestedModels(context.server)).toEqual(['special-model', 'special-model']);
    expect(built).toBe(1);
  });

  it('without a factory, an agent naming another model gets an error that says what to register', async () => {
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    await expect(runtime.run({ id: 'b', role: 'B', goal: 'x', llm: { model: 'other' } }, 'hi')).rejects.toMatchObject({
      code: 'RUNTIME_MODEL_FACTORY_MISSING',
      message: expect.stringContaining('addSvcLlm'),
    });
  });

  it('ToolService registrations join the registry and reach the model', async () => {
    const clock = defineTool({
      name: 'clock',
      description: 'The time',
      input: z.object({}),
      access: 'Read',
      execute: async () => '12:00',
    });
    context.server.enqueue({ toolCalls: [{ name: 'clock', arguments: {} }] }, { text: 'noon' });
    const services = new ServiceCollection().addInstance(ToolService, clock);
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
    });
    expect(runtime.tools.get('clock')).toBe(clock);
    await runtime.run({ id: 'c', role: 'C', goal: 'Tell the time', tools: ['clock'] }, 'time?');
    expect(toolAnswer()).toBe('12:00');
  });

  it('a registered StateStore receives the crew checkpoints, and kickoff hooks run around the crew', async () => {
    context.server.enqueue({ text: 'A-OUT' }, { text: 'B-OUT' });
    const store = new InMemoryStateStore();
    const order: string[] = [];
    const services = new ServiceCollection().addInstance(StateStoreService, store);
    addSvcKickoffHooks(services);
    addBeforeKickoffHook(services, { name: 'before', execute: () => void order.push('before') });
    addAfterKickoffHook(services, { name: 'after', execute: () => void order.push('after') });
    await using runtime = await createRuntime({
      services,
      model: scriptedModel(context.server),
      logger: captureLogger().logger,
      onEvent: (event) => {
        if (event.kind === 'run.started') order.push('run.started');
      },
    });
    const crew = defineCrew({
      name: 'pair',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [
        { id: 'a', description: 'A', expectedOutput: 'a', agent: 'w' },
        { id: 'b', description: 'B', expectedOutput: 'b', agent: 'w', dependencies: ['a'] },
      ],
    });
    const result = await runtime.run(crew);
    expect(result.success).toBe(true);
    expect(order).toEqual(['before', 'run.started', 'after']);
    const session = await store.get(result.sessionId);
    expect(session?.phase).toBe('Completed');
    expect(
      Object.values(session?.taskCheckpoints ?? {}).map((task) => [task.taskId, task.status, task.output]),
    ).toEqual([
      ['a', 'Completed', 'A-OUT'],
      ['b', 'Completed', 'B-OUT'],
    ]);
    // Each task's start is kept with its outcome: b started once a had ended.
    const a = session?.taskCheckpoints.a;
    const b = session?.taskCheckpoints.b;
    expect(Date.parse(a?.startedAt ?? '')).toBeLessThanOrEqual(Date.parse(a?.timestamp ?? ''));
    expect(Date.parse(b?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(a?.timestamp ?? ''));
    expect(Date.parse(b?.startedAt ?? '')).toBeLessThanOrEqual(Date.parse(b?.timestamp ?? ''));
  });

  it('settings mounts come from Svc:FileSystem, relative to the settings file, and a given mount on the same root replaces one', async () => {
    await writeFile(join(context.folder, 'note.txt'), 'from settings');
    const configuration = Configuration.fromObject(
      { Svc: { FileSystem: { Mounts: [`${context.folder}:/data:ro`] } } },
      coreSettingsSections,
    );
    await using runtime = await createRuntime({ configuration, logger: captureLogger().logger });
    expect(runtime.vfs.mounts().map((mount) => [mount.virtualPath, mount.rights])).toEqual([['/data', 'ro']]);
    await using replaced = await createRuntime({
      configuration,
      mounts: [`${context.folder}:/data:rw`],
      logger: captureLogger().logger,
    });
    expect(replaced.vfs.mounts().map((mount) => [mount.virtualPath, mount.rights])).toEqual([['/data', 'rw']]);
  });
});
