import { type Logger, type ServiceProvider, serviceToken } from '@orkeon/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { A2ASettings } from '../registration/a2a-settings.js';
import type { AgentCardSigningKey } from '../v1/cards/card-signatures.js';
import type { V1CardSecurity } from '../v1/server/agent-card-v1.js';

/**
 * A Fastify `onRequest` hook run before every route except the public agent card.
 * To refuse, send the answer (`reply.code(401).send({ error })`); to admit, return.
 *
 * @experimental SVCEXP001
 */
export type A2ARequestGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Registered guards, in order; the security extension adds to it. @experimental SVCEXP001 */
export const A2ARequestGuardService = serviceToken<A2ARequestGuard>('A2ARequestGuard');

/**
 * TLS material handed to Fastify's `https` option. `requestCert` asks clients for a
 * certificate (mTLS); judging it is a guard's job. With mutual TLS keep `ca` empty: a TLS
 * layer that trusts a CA makes Node report only the leaf, hiding the intermediates the
 * guard checks.
 *
 * @experimental SVCEXP001
 */
export interface A2AHttpsOptions {
  readonly key: string | Buffer;
  readonly cert: string | Buffer;
  readonly ca?: string | Buffer | readonly (string | Buffer)[];
  readonly requestCert?: boolean;
}

/** The HTTPS options of the server, when registered (by the security extension or the host). */
export const A2AHttpsOptionsService = serviceToken<A2AHttpsOptions>('A2AHttpsOptions');

/** What creates request scopes: the host's root `ServiceProvider`. */
export interface A2AScopeSource {
  createScope(): ServiceProvider;
}

/** @experimental SVCEXP001 */
export interface A2AServerOptions {
  readonly settings: A2ASettings;
  /** The provider request scopes are created from; may also be given later with `useServices`. */
  readonly services?: A2AScopeSource;
  readonly logger?: Logger;
  readonly guards?: readonly A2ARequestGuard[];
  readonly https?: A2AHttpsOptions;
  /** What the v1.0 card says of `A2A:Security` (its schemes and requirements); default: none. */
  readonly cardSecurity?: V1CardSecurity;
  /** The key that signs the v1.0 cards (`A2A:CardSigning`); absent: cards are not signed. */
  readonly cardSigning?: AgentCardSigningKey;
  /**
   * The clock stamped into task records (`createdAt`, `updatedAt`) and status updates, in
   * milliseconds since 1970. Default `Date.now`; tests pass a fixed clock. Time-outs keep
   * the system clock.
   */
  readonly now?: () => number;
  /** The id given to a task sent without one. Default: a time-ordered UUID (version 7, `timeOrderedId`). It must be a valid task id. */
  readonly newId?: () => string;
}
