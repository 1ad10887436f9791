import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger, toolResultText } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { ToolService } from '../../src/runtime/runtime-services.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { defineTool } from '../../src/tools/tool.js';
import { type ToolAuditEvent, ToolAuditSinkService } from '../../src/tools/tool-audit.js';
import { type ToolCallInterceptor, ToolCallInterceptorService } from '../../src/tools/tool-call-interceptor.js';
import { toolDenied, toolSuccess } from '../../src/tools/tool-result.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const writer = defineAgent({ id: 'writer', role: 'Writer', goal: 'Write files', tools: ['file_write', 'contact'] });
const writeCall = { toolCalls: [{ name: 'file_write', arguments: { path: '/work/a.txt', content: 'hello' } }] };
const contactCall = { toolCalls: [{ name: 'contact', arguments: { name: 'Ada' } }] };

const contact = defineTool({
  name: 'contact',
  description: 'A person’s e-mail address',
  input: z.object({ name: z.string() }),
  access: 'Read',
  execute: async ({ name }) => `${name}: ada@example.org`,
});

/** The text the model received as the tool's answer in the second request. */
function toolAnswer(): string {
  const body = context.server.requests[1]?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  const messages = body?.messages ?? [];
  return toolResultText(String(messages.find((message) => message.role === 'tool')?.content ?? ''));
}

async function runWith(interceptors: readonly ToolCallInterceptor[], audited: ToolAuditEvent[] = []): Promise<void> {
  const services = new ServiceCollection()
    .addInstance(ToolService, contact)
    .addInstance(ToolAuditSinkService, (event) => void audited.push(event));
  for (const interceptor of interceptors) services.addInstance(ToolCallInterceptorService, interceptor);
  await using runtime = await createRuntime({
    services,
    model: scriptedModel(context.server),
    mounts: [`${context.folder}:/work:rw`],
    logger: captureLogger().logger,
  });
  await runtime.run(writer, 'Go');
}

describe('tool call interceptors registered with the runtime', () => {
  it('a refusal before the call keeps the tool from running, and later interceptors are not asked', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    const asked: string[] = [];
    const audited: ToolAuditEvent[] = [];
    await runWith(
      [
        {
          name: 'limit',
          beforeCall: (call) => {
            asked.push(`limit ${call.tool} ${call.caller.agentId} ${JSON.stringify(call.input)}`);
            return toolDenied('Rate limit reached; retry after 10 s.');
          },
        },
        { name: 'second', beforeCall: () => void asked.push('second') },
      ],
      audited,
    );
    expect(asked).toEqual(['limit file_write writer {"path":"/work/a.txt","content":"hello","append":false}']);
    expect(toolAnswer()).toBe('DENIED: Rate limit reached; retry after 10 s.');
    await expect(readFile(join(context.folder, 'a.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(audited).toMatchObject([{ tool: 'file_write', outcome: 'Denied' }]);
  });

  it('interceptors that let the call through leave it as it is', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    await runWith([{ name: 'count', beforeCall: () => undefined, afterCall: (_call, result) => result }]);
    expect(await readFile(join(context.folder, 'a.txt'), 'utf8')).toBe('hello');
    expect(toolAnswer()).not.toMatch(/^(Error|DENIED)/);
  });

  it('rewrite the output after the call, in registration order', async () => {
    context.server.enqueue(contactCall, { text: 'done' });
    await runWith([
      { name: 'mask', afterCall: (_call, result) => toolSuccess(result.output.replace(/\S+@\S+/, '*****')) },
      { name: 'tag', afterCall: (_call, result) => toolSuccess(`${result.output} [checked]`) },
    ]);
    expect(toolAnswer()).toBe('Ada: ***** [checked]');
  });

  it('an interceptor that throws after the call withholds the output', async () => {
    context.server.enqueue(contactCall, { text: 'done' });
    await runWith([
      {
        name: 'broken',
        afterCall: () => {
          throw new Error('detector unavailable');
        },
      },
    ]);
    expect(toolAnswer()).toBe(
      "Error: The tool's output was withheld: the tool call interceptor 'broken' failed (detector unavailable).",
    );
  });

  it('an interceptor that throws before the call fails it closed', async () => {
    context.server.enqueue(writeCall, { text: 'done' });
    await runWith([
      {
        name: 'broken',
        beforeCall: () => {
          throw new Error('store down');
        },
      },
    ]);
    expect(toolAnswer()).toBe("Error: The call was not made: the tool call interceptor 'broken' failed (store down).");
    await expect(readFile(join(context.folder, 'a.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('an interceptor that answers something other than a tool result withholds the output', async () => {
    context.server.enqueue(contactCall, { text: 'done' });
    await runWith([{ name: 'sloppy', afterCall: () => 'masked' as never }]);
    expect(toolAnswer()).toMatch(
      /withheld: the tool call interceptor 'sloppy' returned something that is not a tool result/,
    );
  });
});
