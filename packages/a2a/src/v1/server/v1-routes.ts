import { createHash } from 'node:crypto';
import { type ChangeFeed, ChangeFeedService, type ServiceProvider } from '@orkeon/core';
import type { FastifyPluginCallback } from 'fastify';
import type { A2ARoutesOptions } from '../../server/a2a-routes.js';
import type { AgentCardSigningKey } from '../cards/card-signatures.js';
import { cardForVersion } from '../compat-v03/v03-agent-card.js';
import { startV1PushNotifications } from '../push/start-push-notifications.js';
import { type V1CardSecurity, v1Paths } from './agent-card-v1.js';
import { cardSource } from './card-source.js';
import { registerHttpJsonBinding, type V1SpecificationRevision } from './http-json-binding.js';
import { handleJsonRpc } from './json-rpc-binding.js';
import { registerV1BodyParsers } from './v1-content-types.js';
import { V1Operations } from './v1-operations.js';
import { InMemoryV1TaskRecords, type V1TaskRecords, V1TaskStoreService } from './v1-task-store.js';
import { requestedVersion } from './version-negotiation.js';

/** What the v1.0 routes need beyond what the seed routes take. */
export interface A2AV1RoutesOptions extends A2ARoutesOptions {
  /** The card's security schemes and requirements (from `A2A:Security`). */
  readonly cardSecurity: V1CardSecurity;
  /** The key that signs the cards, when `A2A:CardSigning` names one. */
  readonly cardSigning?: AgentCardSigningKey;
  readonly revision: V1SpecificationRevision;
  /** Where the gRPC binding listens, when it does: the card lists it after the HTTP bindings. */
  readonly grpcAddress?: () => { readonly host: string; readonly port: number } | undefined;
  /** The operations to serve, when another binding (gRPC) shares them; default: `createV1Operations(options)`. */
  readonly operations?: V1Operations;
}

/** The public and extended cards of the server the options describe. */
function cardsOf(options: A2ARoutesOptions & Pick<A2AV1RoutesOptions, 'cardSecurity' | 'cardSigning' | 'grpcAddress'>) {
  return cardSource({
    settings: options.settings,
    cardSecurity: options.cardSecurity,
    cardSigning: options.cardSigning,
    url: options.url,
    grpcAddress: options.grpcAddress,
    withScope: scopeRunner(options),
  });
}

/** Runs `work` in a fresh scope of the host's provider, disposed after it. */
function scopeRunner(options: A2ARoutesOptions): <T>(work: (scope: ServiceProvider) => Promise<T>) => Promise<T> {
  return async (work) => {
    const scope = options.services()?.createScope();
    if (scope === undefined) throw new Error('The A2A server has no service provider.');
    try {
      return await work(scope);
    } finally {
      await scope.dispose();
    }
  };
}

/**
 * The v1.0 operations of one server start, over the host's task records
 * (`addSvcA2ATaskPersistence`) or, without persistence, records of their own in memory.
 * Every binding of that server serves the same instance.
 *
 * @experimental SVCEXP001
 */
export function createV1Operations(
  options: A2ARoutesOptions & Pick<A2AV1RoutesOptions, 'cardSecurity' | 'cardSigning' | 'grpcAddress'>,
): V1Operations {
  // A singleton of the host's, resolved once (on the first request, when the provider is bound).
  let records: V1TaskRecords | undefined;
  let feed: { registered: ChangeFeed | undefined } | undefined;
  const resolveRecords = (): V1TaskRecords => {
    const scope = options.services()?.createScope();
    if (scope === undefined) throw new Error('The A2A server has no service provider.');
    const registered = scope.tryGet(V1TaskStoreService);
    void scope.dispose().catch(() => undefined);
    return registered ?? new InMemoryV1TaskRecords({ maxTasks: options.settings.MaxTasksInMemory });
  };
  return new V1Operations({
    logger: options.logger,
    running: options.running,
    now: options.stamps.now,
    newId: options.stamps.newId,
    accepting: options.accepting,
    withScope: scopeRunner(options),
    extendedCard: cardsOf(options).extendedCard,
    records: () => {
      records ??= resolveRecords();
      return records;
    },
    changeFeed: () => {
      if (feed === undefined) {
        const scope = options.services()?.createScope();
        feed = { registered: scope?.tryGet(ChangeFeedService) };
        void scope?.dispose().catch(() => undefined);
      }
      return feed.registered;
    },
  });
}

/**
 * A2A v1.0 beside the seed dialect, as a Fastify plugin of its own: the v1.0 agent card
 * (`/.well-known/agent-card.json`, public, with `ETag`, `Last-Modified` and
 * `Cache-Control`), the JSON-RPC binding (`/a2a/jsonrpc`) and the HTTP+JSON binding
 * (`/a2a/v1/…`), behind the same request guards as the seed routes. Task records are the
 * host's (`addSvcA2ATaskPersistence`) or, without persistence, this server's own in memory.
 * Push notifications (unless `A2A:PushNotifications:Enabled` is false) are served beside
 * the operations, for every binding that dispatches to them.
 *
 * @experimental SVCEXP001
 */
export const a2aV1Routes: FastifyPluginCallback<A2AV1RoutesOptions> = (app, options, done) => {
  const withScope = scopeRunner(options);
  const operations = options.operations ?? createV1Operations(options);
  if (options.settings.PushNotifications.Enabled)
    startV1PushNotifications(app, operations, {
      settings: options.settings.PushNotifications,
      logger: options.logger,
      stamps: options.stamps,
      withScope,
    });

  registerV1BodyParsers(app);
  for (const guard of options.guards)
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] === v1Paths.agentCard) return;
      await guard(request, reply);
    });

  const startedAt = new Date(options.stamps.now());
  startedAt.setMilliseconds(0);
  const cards = cardsOf(options);
  app.get(v1Paths.agentCard, async (request, reply) => {
    const card = await cards.publicCard();
    const asked = requestedVersion(request.headers['a2a-version'], request.query);
    const body = JSON.stringify(cardForVersion(card, asked, options.settings.ServeV03));
    if (options.settings.ServeV03) void reply.header('vary', 'A2A-Version');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    void reply
      .header('etag', etag)
      .header('last-modified', startedAt.toUTCString())
      .header('cache-control', 'public, max-age=60');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(200).type('application/json').send(body);
  });
  // With and without a final slash: some clients post to `<interface url>/`.
  for (const path of [v1Paths.jsonRpc, `${v1Paths.jsonRpc}/`])
    app.post(path, (request, reply) =>
      handleJsonRpc(operations, options.logger, request, reply, { serveV03: options.settings.ServeV03 }),
    );
  const binding = { operations, logger: options.logger, revision: options.revision };
  registerHttpJsonBinding(app, v1Paths.httpJson, binding);
  // Every route again below a tenant (`/a2a/v1/{tenant}/tasks`), as the specification's REST routes have it.
  registerHttpJsonBinding(app, `${v1Paths.httpJson}/:tenant`, binding);
  done();
};
