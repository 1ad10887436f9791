// The ceiling: a bare node:http server answering a JSON echo, no framework.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { input } = JSON.parse(body) as { input: string };
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'Completed', output: input }));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
