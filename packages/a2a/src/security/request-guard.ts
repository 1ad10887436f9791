import type { FastifyReply } from 'fastify';

/**
 * A Fastify `onRequest` hook that either lets a request through (resolves without
 * answering) or answers it (401 or 403, JSON `{ error }`) and stops it.
 *
 * @experimental SVCEXP001
 */
export type { A2ARequestGuard } from '../server/a2a-server-options.js';

/** The path every guard leaves public: the agent card. */
export const publicAgentCardPath = '/.well-known/agent.json';

/** True for the public agent card path (query string ignored). */
export function isPublicPath(url: string): boolean {
  const path = url.split('?', 1)[0];
  return path === publicAgentCardPath;
}

/** Answers a JSON error and waits until it is written, so the hook chain stops. */
export async function refuse(
  reply: FastifyReply,
  status: 401 | 403,
  error: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<void> {
  await reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ error });
}
