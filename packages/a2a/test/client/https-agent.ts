import type { AddressInfo } from 'node:net';
import { captureLogger, type TestCertificate } from '@orkeon/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { type A2ASecuritySettingsInput, createA2ASecurity } from '../../src/security/index.js';

export interface HttpsAgent {
  readonly port: number;
  /** Every request that reached the routes: method, path and headers. */
  readonly seen: { method: string; url: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A small HTTPS agent on 127.0.0.1 presenting `serverCertificate`, guarded by `security`, recording each request. */
export async function startHttpsAgent(
  serverCertificate: TestCertificate,
  security: A2ASecuritySettingsInput = {},
): Promise<HttpsAgent> {
  const guarded = createA2ASecurity(security, { logger: captureLogger().logger });
  const app: FastifyInstance = Fastify({
    https: { key: serverCertificate.keyPem, cert: serverCertificate.chainPem, ...guarded.httpsOptions },
  }) as unknown as FastifyInstance;
  const seen: HttpsAgent['seen'] = [];
  app.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers });
  });
  for (const guard of guarded.guards) app.addHook('onRequest', guard);
  app.get('/.well-known/agent.json', async () => ({
    name: 'tls-agent',
    description: 'TLS test agent',
    version: '1.0.0',
    url: 'https://localhost',
    skills: [],
  }));
  app.post('/a2a/tasks/send', async () => ({
    taskId: 't',
    status: 'Completed',
    output: 'ok',
    timestamp: '2026-01-01T00:00:00Z',
  }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as AddressInfo).port, seen, close: () => app.close() };
}
