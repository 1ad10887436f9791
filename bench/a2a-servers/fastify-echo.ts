// The same JSON echo as bare-echo.ts behind Fastify, the A2A server's HTTP framework, with its
// defaults: what any route of ours can reach at most, next to the bare node:http ceiling.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/', async (request) => ({ status: 'Completed', output: (request.body as { input: string }).input }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
