import {
  createRuntime,
  defineCrew,
  defineTool,
  type Runtime,
  ServiceCollection,
  type ToolAuditEvent,
  ToolAuditSinkService,
} from '@orkeon/core';
import { z } from 'zod';
import { createMcpServer, type McpHttpServer, startMcpHttpServer } from '../../src/index.js';

/** A runtime (the built-in `human_input` included) with a read tool, a write tool and a slow tool, and an audit trail to read. */
export async function servedRuntime(options: { permissionMode?: 'default' | 'plan' | 'bypassPermissions' } = {}) {
  const audit: ToolAuditEvent[] = [];
  const services = new ServiceCollection();
  services.addInstance(ToolAuditSinkService, (event) => audit.push(event));
  const runtime = await createRuntime({
    services,
    ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
    tools: [
      defineTool({
        name: 'echo',
        description: 'Answers its text.',
        access: 'Read',
        input: z.object({ text: z.string() }),
        execute: async ({ text }) => text,
      }),
      defineTool({
        name: 'write_note',
        description: 'Pretends to write a note.',
        access: 'Edit',
        input: z.object({ note: z.string() }),
        execute: async ({ note }) => `wrote ${note}`,
      }),
      defineTool({
        name: 'slow',
        description: 'Answers after a while, or stops when told.',
        access: 'Read',
        input: z.object({ milliseconds: z.number() }),
        execute: (input, context) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => resolve(`slept ${input.milliseconds}`), input.milliseconds);
            context.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new Error('stopped'));
            });
          }),
      }),
    ],
  });
  return { runtime, audit };
}

export const crew = defineCrew({
  name: 'notes',
  goal: 'Write notes',
  agents: [{ id: 'writer', role: 'Writer', goal: 'Write clear notes' }],
  tasks: [
    {
      id: 'draft',
      description: 'Draft a note about {topic} for {reader}.',
      expectedOutput: 'A short note',
      agent: 'writer',
      deliverable: { path: '/out/note.md', format: 'markdown' },
    },
  ],
});

/** Serves `runtime` over HTTP on a free loopback port. */
export async function serveHttp(
  runtime: Runtime,
  options: { tools?: string[]; allowedOrigins?: string[]; maxMessageBytes?: number; withCrew?: boolean } = {},
): Promise<McpHttpServer> {
  const dispatcher = createMcpServer({
    runtime,
    ...(options.withCrew === true ? { crew } : {}),
    ...(options.tools === undefined ? {} : { tools: options.tools }),
  });
  return startMcpHttpServer({
    dispatcher,
    port: 0,
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
    ...(options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes }),
  });
}

export const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
};

/** One POST; answers the status and the parsed body (undefined when empty). */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the JSON-RPC answer's fields it checks
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

export function request(id: number, method: string, params: Record<string, unknown> = {}, modern = false) {
  return { jsonrpc: '2.0', id, method, params: modern ? { ...params, _meta: modernMeta } : params };
}
