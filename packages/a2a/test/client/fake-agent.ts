import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { A2ATaskResult } from '../../src/wire/index.js';

export interface FakeAgent {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly seen: { method: string; url: string; headers: Record<string, unknown>; body: unknown }[];
  close(): Promise<void>;
}

const card = {
  name: 'fake-agent',
  description: 'A test agent',
  version: '1.0.0',
  url: 'http://localhost',
  skills: [
    {
      id: 'echo',
      name: 'echo',
      description: 'Echoes',
      tags: [],
      inputModes: ['text/plain'],
      outputModes: ['text/plain'],
    },
  ],
};

function result(taskId: string, status: A2ATaskResult['status'], output?: string): A2ATaskResult {
  return { taskId, status, ...(output === undefined ? {} : { output }), timestamp: '2026-01-01T00:00:00.000Z' };
}

/**
 * A small Fastify app speaking the A2A REST dialect with fixed answers, including the
 * exact `sendSubscribe` sequence (written in odd chunk sizes), for client tests.
 */
export async function startFakeAgent(name = 'fake-agent'): Promise<FakeAgent> {
  const seen: FakeAgent['seen'] = [];
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: undefined });
  });
  app.addHook('preHandler', async (request) => {
    const last = seen.at(-1);
    if (last !== undefined) last.body = request.body;
  });
  app.get('/.well-known/agent.json', async () => ({ ...card, name }));
  app.post('/a2a/tasks/send', async (request, reply) => {
    const body = request.body as { id?: string; input: string };
    if (body.input === 'empty') return reply.code(200).type('application/json').send('');
    if (body.input === 'bad-shape') return { taskId: 1 };
    if (body.input === 'slow') await new Promise((resolve) => setTimeout(resolve, 2_000));
    return result(body.id ?? 'generated-1', 'Completed', `echo: ${body.input}`);
  });
  app.post('/a2a/tasks/sendSubscribe', (request, reply) => {
    const body = request.body as { id?: string; input: string };
    const taskId = body.id ?? 'stream-1';
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const text =
      body.input === 'no-done'
        ? `event: status\ndata: ${JSON.stringify(result(taskId, 'Working'))}\n\n`
        : `event: status\ndata: ${JSON.stringify(result(taskId, 'Working'))}\n\n` +
          `event: status\ndata: ${JSON.stringify(result(taskId, 'Completed', `echo: ${body.input}`))}\n\n` +
          'data: [DONE]\n\n';
    const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
    const writeNext = () => {
      const chunk = chunks.shift();
      if (chunk === undefined) {
        reply.raw.end();
        return;
      }
      reply.raw.write(chunk);
      setImmediate(writeNext);
    };
    writeNext();
  });
  app.get('/a2a/tasks/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (id === 'unknown') return reply.code(404).send({ error: `Task '${id}' is not known.` });
    if (id === 'no-persistence') return reply.code(501).send({ error: 'Task status is not available.' });
    return {
      taskId: id,
      skillId: 'echo',
      status: 'Completed',
      output: 'done',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:01.000Z',
    };
  });
  app.delete('/a2a/tasks/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (id === 'ack') return { taskId: id, acknowledged: true, note: 'advisory' };
    return {
      taskId: id,
      skillId: 'echo',
      status: 'Cancelled',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:01.000Z',
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${port}`, seen, close: () => app.close() };
}
