import type { AddressInfo } from 'node:net';
import type { Logger } from '@orkeon/core';
import type { TestCertificates } from '@orkeon/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { type A2ASecuritySettingsInput, createA2ASecurity } from '../../src/security/index.js';

export interface GuardedServer {
  readonly app: FastifyInstance;
  /** `https://localhost:<port>` (or http:// without certificates). */
  readonly url: string;
  close(): Promise<void>;
}

/** A small Fastify app guarded by `createA2ASecurity(settings)`, with one task route and the public card. */
export async function startGuardedServer(
  settings: A2ASecuritySettingsInput,
  logger: Logger,
  certificates?: TestCertificates,
  options: { apiKeys?: () => string[]; now?: () => number } = {},
): Promise<GuardedServer> {
  const security = createA2ASecurity(settings, { logger, ...options });
  await security.assertCanStart();
  // One instance type for both transports: the routes and hooks below do not depend on it.
  const app: FastifyInstance =
    certificates === undefined
      ? Fastify()
      : (Fastify({
          https: { key: certificates.server.keyPem, cert: certificates.server.certPem, ...security.httpsOptions },
        }) as unknown as FastifyInstance);
  for (const guard of security.guards) app.addHook('onRequest', guard);
  app.get('/.well-known/agent.json', async () => ({ name: 'guarded', description: 'test', skills: [] }));
  app.get('/a2a/tasks/:id', async (request) => ({
    taskId: (request.params as { id: string }).id,
    status: 'Completed',
  }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    url: `${certificates === undefined ? 'http' : 'https'}://localhost:${port}`,
    close: () => app.close(),
  };
}
