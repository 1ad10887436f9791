import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PGlite (PostgreSQL compiled to WebAssembly) with pgvector, served over the PostgreSQL wire protocol on loopback. */
export interface PgliteServer {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`, for the ordinary `pg` driver. */
  readonly connectionString: string;
  /**
   * Resolves when the server has let go of every connection. A pool's `end()` resolves
   * when its side is closed; the server learns of it a moment later and refuses a new
   * connection until then ("Too many connections").
   */
  disconnected(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts PGlite with the pgvector extension and a socket server in front of it. PGlite is
 * one PostgreSQL backend: the server serves one connection at a time, so every pool given
 * this connection string must have `max: 1`, and one pool must end before the next opens.
 */
export async function startPgliteServer(): Promise<PgliteServer> {
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
  await server.start();
  return {
    connectionString: `postgresql://postgres@${server.getServerConn()}/postgres`,
    disconnected: async () => {
      for (const deadline = Date.now() + 5000; server.getStats().activeConnections > 0; ) {
        if (Date.now() > deadline) throw new Error('PGlite socket server: a connection is still open after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
