import { once } from 'node:events';
import { createServer as createTcpServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { A2AService } from '@a2a-js/sdk/server/grpc';
import { type ConnectionInjector, Server, ServerCredentials } from '@grpc/grpc-js';
import type { Logger } from '@orkeon/core';
import { assertSafeBinding } from '../../security/assert-safe-binding.js';
import type { A2AHttpsOptions } from '../../server/a2a-server-options.js';
import type { V1Operations } from '../server/v1-operations.js';
import { type A2AGrpcAddress, grpcTarget } from './grpc-agent-interface.js';
import type { A2AGrpcCallSecurity } from './grpc-call-security.js';
import { A2AGrpcListenError } from './grpc-server-errors.js';
import { a2aGrpcService } from './grpc-service.js';

/** What the gRPC binding serves and how it listens. @experimental SVCEXP001 */
export interface A2AGrpcServerOptions {
  readonly operations: V1Operations;
  readonly logger: Logger;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The HTTP server's TLS material: with it the binding speaks TLS, and asks for client certificates when `requestCert`. */
  readonly tls?: A2AHttpsOptions;
  /** The checks of every call; none means every call is admitted (allowed on loopback only). */
  readonly security?: A2AGrpcCallSecurity;
  /** The largest request message accepted; a larger one is refused `RESOURCE_EXHAUSTED`. */
  readonly maxMessageBytes: number;
  /** `A2A:SpecificationRevision`. Default: 1.0.1. */
  readonly revision?: '1.0.0' | '1.0.1';
}

/** How long `stop` lets open calls finish before it cancels them. */
const closeGraceMilliseconds = 1000;

/**
 * The gRPC binding of A2A v1.0 (`lf.a2a.v1.A2AService`) on its own port, over the same
 * operations as the HTTP bindings. This server owns the listening socket and the TLS
 * handshake (the same key, certificate and client-certificate request as HTTPS, so the
 * mutual-TLS check sees the chain the client sent) and hands each connection to
 * `@grpc/grpc-js`, which speaks HTTP/2 and gRPC on it. Loaded only when `A2A:GrpcPort` is set.
 *
 * @experimental SVCEXP001
 */
export class A2AGrpcServer {
  readonly #options: A2AGrpcServerOptions;
  readonly #grpc: Server;
  readonly #injector: ConnectionInjector;
  readonly #listener: NetServer;
  readonly #sockets = new Set<Socket>();
  /** TLS connections by peer (`address:port`, as gRPC names a call's peer). */
  readonly #tlsByPeer = new Map<string, TLSSocket>();
  #address: A2AGrpcAddress | undefined;

  private constructor(options: A2AGrpcServerOptions) {
    this.#options = options;
    this.#grpc = new Server({ 'grpc.max_receive_message_length': options.maxMessageBytes });
    this.#injector = this.#grpc.createConnectionInjector(ServerCredentials.createInsecure());
    this.#grpc.addService(
      A2AService,
      a2aGrpcService({
        operations: options.operations,
        logger: options.logger,
        security: options.security,
        revision: options.revision ?? '1.0.1',
        socketOf: (peer) => this.#tlsByPeer.get(peer),
      }),
    );
    const tls = options.tls;
    const accept = (socket: Socket): void => this.#accept(socket);
    this.#listener =
      tls === undefined
        ? createTcpServer(accept)
        : createTlsServer(
            {
              key: tls.key,
              cert: tls.cert,
              ...(tls.ca === undefined ? {} : { ca: tls.ca as string | Buffer | (string | Buffer)[] }),
              // As for HTTPS: the client certificate is judged by the call check, which answers PERMISSION_DENIED.
              ...(tls.requestCert === true ? { requestCert: true, rejectUnauthorized: false } : {}),
              ALPNProtocols: ['h2'],
            },
            accept,
          ).on('tlsClientError', (error) => options.logger.debug({ err: error }, 'A2A gRPC TLS handshake failed'));
  }

  /**
   * Listens on `host:port`. Refuses (`A2AUnsafeBindingError`) a host beyond loopback
   * without credentials or mutual TLS, as HTTP does; a port it cannot take is `A2AGrpcListenError`.
   */
  static async start(options: A2AGrpcServerOptions): Promise<A2AGrpcServer> {
    assertSafeBinding(options.host, options.security?.settings ?? {});
    const server = new A2AGrpcServer(options);
    await server.#listen();
    return server;
  }

  /** Where the binding listens. */
  get address(): A2AGrpcAddress {
    if (this.#address === undefined) throw new Error('The A2A gRPC binding is not listening.');
    return this.#address;
  }

  /**
   * Stops listening and asks every connection to close once its open calls end (HTTP/2
   * `GOAWAY`); after a second, cancels the calls still open and closes what is left.
   */
  async stop(): Promise<void> {
    const listenerClosed = new Promise<void>((resolve) => this.#listener.close(() => resolve()));
    const open = [...this.#sockets];
    const connectionsClosed = new Promise<void>((resolve) => this.#grpc.tryShutdown(() => resolve())).then(() =>
      Promise.all(open.map((socket) => (socket.closed ? undefined : once(socket, 'close').catch(() => undefined)))),
    );
    let timer: NodeJS.Timeout | undefined;
    const graceful = await Promise.race([
      connectionsClosed.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), closeGraceMilliseconds);
      }),
    ]);
    clearTimeout(timer);
    if (!graceful) this.#grpc.forceShutdown();
    this.#injector.destroy();
    for (const socket of this.#sockets) socket.destroy();
    await listenerClosed;
  }

  async #listen(): Promise<void> {
    const { host, port, logger } = this.#options;
    const listener = this.#listener;
    try {
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ host, port }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.#grpc.forceShutdown();
      throw new A2AGrpcListenError(host, port, error);
    }
    const bound = listener.address();
    const actual = typeof bound === 'object' && bound !== null ? bound.port : port;
    this.#address = { host, port: actual, target: grpcTarget(host, actual) };
    logger.info(
      { target: this.#address.target, tls: this.#options.tls !== undefined },
      'A2A gRPC binding listening (lf.a2a.v1.A2AService).',
    );
  }

  /** Tracks the connection (its TLS socket by peer, for the mutual-TLS check) and hands it to gRPC. */
  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    const peer = `${socket.remoteAddress}:${socket.remotePort}`;
    if (this.#options.tls !== undefined) this.#tlsByPeer.set(peer, socket as TLSSocket);
    socket.on('error', (error) => this.#options.logger.debug({ err: error, peer }, 'A2A gRPC connection failed'));
    socket.once('close', () => {
      this.#sockets.delete(socket);
      if (this.#tlsByPeer.get(peer) === socket) this.#tlsByPeer.delete(peer);
    });
    this.#injector.injectConnection(socket);
  }
}
