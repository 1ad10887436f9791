import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApiTool, PageCache, requestHeadersProblem } from '../src/index.js';
import { createWorkspace, runTool, sendJson, startServer, type TestServer, testResolver } from './web-fixture.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server[Symbol.asyncDispose]();
});
async function serve(...parameters: Parameters<typeof startServer>): Promise<TestServer> {
  const server = await startServer(...parameters);
  servers.push(server);
  return server;
}

const allowing = (server: TestServer, extra: Record<string, unknown> = {}) =>
  createHttpApiTool({ AllowedHosts: [`127.0.0.1:${server.port}`], ...extra }, { resolve: testResolver() });

describe('http_api against a real loopback server (allowed by AllowedHosts)', () => {
  it('sends the method, headers, query and JSON body, and answers status, headers and body', async () => {
    const server = await serve((request, response) => sendJson(response, { got: JSON.parse(request.body) }, 201));
    const result = await runTool(allowing(server), {
      url: `${server.url}/items?fixed=1`,
      method: 'POST',
      headers: { 'X-Request-Id': 'abc-1' },
      query: { q: 'a b&c=d', page: 2 },
      json: { name: 'widget' },
    });
    expect(result.outcome).toBe('Success');
    expect(result.output).toMatch(/^HTTP 201 Created\ncontent-type: application\/json\ncontent-length: 25\n/);
    expect(result.output.endsWith('\n\n{"got":{"name":"widget"}}')).toBe(true);
    const [received] = server.requests;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/items?fixed=1&q=a+b%26c%3Dd&page=2');
    expect(received?.headers['x-request-id']).toBe('abc-1');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers['user-agent']).toBe('Orkeon-Web-Tools/0.1');
  });

  it('answers HEAD with the status and headers only', async () => {
    const server = await serve((_request, response) => sendJson(response, { ok: true }));
    const result = await runTool(allowing(server), { url: server.url, method: 'HEAD' });
    expect(result.output).toMatch(/^HTTP 200 OK\ncontent-type: application\/json\ncontent-length: 11\n/);
    expect(result.output).not.toContain('{"ok"');
    expect(server.requests[0]?.method).toBe('HEAD');
  });

  it('keeps a successful text GET in the page cache', async () => {
    const server = await serve((_request, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end('zebra crossing manual');
    });
    const cache = new PageCache({ maxCharacters: 10_000, maxPages: 10 });
    await runTool(createHttpApiTool({ AllowedHosts: [`127.0.0.1:${server.port}`] }, { cache }), {
      url: `${server.url}/z`,
    });
    expect(cache.search('zebra', 5)).toMatchObject([{ url: `${server.url}/z`, source: 'http_api' }]);
  });

  it('cuts a body larger than MaxResponseBytes and says what was cut', async () => {
    const server = await serve((_request, response) => {
      response.setHeader('content-type', 'text/plain');
      response.setHeader('content-length', 200_000);
      response.end('x'.repeat(200_000));
    });
    const result = await runTool(allowing(server, { MaxResponseBytes: 4_096, MaxResultCharacters: 100_000 }), {
      url: server.url,
    });
    expect(result.output).toContain(
      `\n${'x'.repeat(4_096)}\n[cut: the body was read up to 4,096 bytes of 200,000 bytes (Svc:Tools:Web:MaxResponseBytes)]`,
    );
  });

  it('stops decompressing a gzip bomb at the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(50_000_000, 'a'));
    expect(bomb.length).toBeLessThan(100_000);
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const result = await runTool(allowing(server, { MaxResponseBytes: 10_000, MaxResultCharacters: 20_000 }), {
      url: server.url,
    });
    expect(result.output).toContain('a'.repeat(10_000));
    expect(result.output).not.toContain('a'.repeat(10_001));
    expect(result.output).toContain('[cut: the body was read up to 10,000 bytes of a longer body');
  });

  it('says a binary body is binary, and saves it through the file system with save_to', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    const server = await serve((_request, response) => {
      response.setHeader('content-type', 'image/png');
      response.end(png);
    });
    const tool = allowing(server);
    expect((await runTool(tool, { url: server.url })).output).toContain(
      '[binary body: 8 B of image/png; use save_to to keep it]',
    );
    await using workspace = await createWorkspace();
    const saved = await runTool(tool, { url: server.url, save_to: '/workspace/logo.png' }, { vfs: workspace.vfs });
    expect(saved.output).toMatch(/Saved 8 B to \/workspace\/logo\.png\.$/);
    expect(await readFile(`${workspace.root.path}/workspace/logo.png`)).toEqual(png);
    const denied = await runTool(tool, { url: server.url, save_to: '/docs/logo.png' }, { vfs: workspace.vfs });
    expect(denied.outcome).toBe('Denied');
    const escaping = await runTool(
      tool,
      { url: server.url, save_to: '/workspace/../../etc/x' },
      { vfs: workspace.vfs },
    );
    expect(escaping.outcome).toBe('Denied');
    expect(escaping.output).not.toContain(workspace.root.path);
  });

  it('does not save a body that was cut', async () => {
    const server = await serve((_request, response) => response.end('y'.repeat(5_000)));
    await using workspace = await createWorkspace();
    const result = await runTool(
      allowing(server, { MaxResponseBytes: 1_024 }),
      { url: server.url, save_to: '/workspace/big.txt' },
      { vfs: workspace.vfs },
    );
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain('larger than 1,024 bytes (Svc:Tools:Web:MaxResponseBytes), so nothing was saved');
  });

  it('stops a server that never answers after TimeoutSeconds', async () => {
    const server = await serve(() => new Promise(() => {}));
    const started = Date.now();
    const result = await runTool(allowing(server, { TimeoutSeconds: 1 }), { url: server.url });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toBe(
      `Error: The request to 127.0.0.1:${server.port} took longer than 1 s (Svc:Tools:Web:TimeoutSeconds) and was stopped.`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the call is cancelled', async () => {
    const server = await serve(() => new Promise(() => {}));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runTool(allowing(server), { url: server.url }, { signal: controller.signal });
    expect(result.output).toBe('Error: The request was cancelled.');
  });

  it('connects directly, whatever HTTP_PROXY and HTTPS_PROXY say', async () => {
    const proxy = await serve((_request, response) => response.end('from the proxy'));
    const server = await serve((_request, response) => response.end('direct'));
    const saved = { http: process.env.HTTP_PROXY, https: process.env.HTTPS_PROXY, lower: process.env.http_proxy };
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = proxy.url;
    process.env.http_proxy = proxy.url;
    try {
      const result = await runTool(allowing(server), { url: server.url });
      expect(result.output.endsWith('\n\ndirect')).toBe(true);
      expect(proxy.requests).toHaveLength(0);
    } finally {
      for (const [name, value] of [
        ['HTTP_PROXY', saved.http],
        ['HTTPS_PROXY', saved.https],
        ['http_proxy', saved.lower],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});

describe('http_api and the network guard', () => {
  it.each([
    'http://127.0.0.1:{port}/',
    'http://localhost:{port}/',
    'http://[::1]:{port}/',
    'http://[::ffff:127.0.0.1]:{port}/',
    'http://[::ffff:7f00:1]:{port}/',
    'http://2130706433:{port}/',
    'http://0177.0.0.1:{port}/',
    'http://0x7f000001:{port}/',
    'http://127.1:{port}/',
    'http://0.0.0.0:{port}/',
  ])('refuses %s when nothing is allowed, and the server is never reached', async (template) => {
    const server = await serve((_request, response) => response.end('secret'));
    const tool = createHttpApiTool({}, { resolve: testResolver({ localhost: '127.0.0.1' }) });
    const result = await runTool(tool, { url: template.replace('{port}', String(server.port)) });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toMatch(/^DENIED: .*(loopback|unspecified).* which agents may not reach/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    [
      'http://metadata.test/computeMetadata/v1/',
      "'metadata.test' resolves to 169.254.169.254, a cloud metadata address",
    ],
    ['http://private.test/', "'private.test' resolves to 10.0.0.5, a private address"],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['file:///etc/passwd', 'The URL uses file: only http:// and https:// URLs are fetched.'],
    ['gopher://127.0.0.1:6379/_FLUSHALL', 'The URL uses gopher:'],
    ['http://user:pw@example.com/', 'carries a user name or password'],
  ])('refuses %s', async (url, message) => {
    const result = await runTool(createHttpApiTool({}, { resolve: testResolver() }), { url });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain(message);
  });

  it('allows a host only on the port it is allowed on', async () => {
    const allowed = await serve((_request, response) => response.end('allowed'));
    const other = await serve((_request, response) => response.end('other'));
    const tool = createHttpApiTool({ AllowedHosts: [`127.0.0.1:${allowed.port}`] });
    expect((await runTool(tool, { url: allowed.url })).output.endsWith('allowed')).toBe(true);
    expect((await runTool(tool, { url: other.url })).outcome).toBe('Denied');
    expect(other.requests).toHaveLength(0);
  });

  it('allows addresses of AllowedRanges', async () => {
    const server = await serve((_request, response) => response.end('in range'));
    const tool = createHttpApiTool({ AllowedRanges: ['127.0.0.0/8'] });
    expect((await runTool(tool, { url: server.url })).output.endsWith('in range')).toBe(true);
  });

  it.each([
    [
      'http://169.254.169.254/latest/meta-data/iam/',
      'After a redirect to http://169.254.169.254/latest/meta-data/iam/: 169.254.169.254 is a cloud metadata address',
    ],
    ['http://metadata.test/', "After a redirect to http://metadata.test/: 'metadata.test' resolves to 169.254.169.254"],
    ['http://[::ffff:169.254.169.254]/', 'a cloud metadata address'],
    ['file:///etc/passwd', 'After a redirect to file:///etc/passwd: The URL uses file:'],
    [
      'http://127.0.0.1:{other}/admin',
      'After a redirect to http://127.0.0.1:{other}/admin: 127.0.0.1 is a loopback address',
    ],
  ])('checks every redirect: refuses one to %s', async (target, message) => {
    const internal = await serve((_request, response) => response.end('internal secret'));
    const location = target.replace('{other}', String(internal.port));
    const server = await serve((_request, response) => {
      response.writeHead(302, { location });
      response.end();
    });
    const result = await runTool(allowing(server), { url: server.url });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain(message.replace('{other}', String(internal.port)));
    expect(internal.requests).toHaveLength(0);
  });

  it('follows allowed redirects by hand: 303 turns POST into GET, credentials stay with their origin', async () => {
    const second = await serve((request, response) =>
      sendJson(response, {
        method: request.method,
        authorization: request.headers.authorization ?? null,
        body: request.body,
      }),
    );
    const first = await serve((request, response) => {
      if (request.url === '/start') response.writeHead(303, { location: '/same-origin' });
      else response.writeHead(307, { location: `${second.url}/final` });
      response.end();
    });
    const tool = createHttpApiTool({ AllowedHosts: [`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`] });
    const result = await runTool(tool, {
      url: `${first.url}/start`,
      method: 'POST',
      body: 'payload',
      headers: { Authorization: 'Bearer t0ken' },
    });
    expect(result.output).toContain(`url: ${second.url}/final (after 2 redirects)`);
    expect(result.output.endsWith('{"method":"GET","authorization":null,"body":""}')).toBe(true);
    expect(first.requests.map((request) => [request.method, request.url, request.headers.authorization])).toEqual([
      ['POST', '/start', 'Bearer t0ken'],
      ['GET', '/same-origin', 'Bearer t0ken'],
    ]);
  });

  it('stops after MaxRedirects', async () => {
    const server = await serve((request, response) => {
      response.writeHead(302, { location: `/hop${Number(request.url.slice(4) || 0) + 1}` });
      response.end();
    });
    const result = await runTool(allowing(server, { MaxRedirects: 3 }), { url: `${server.url}/hop0` });
    expect(result.output).toBe(
      'Error: Stopped after 3 redirects (the limit, Svc:Tools:Web:MaxRedirects); the last pointed to /hop4.',
    );
    expect(server.requests).toHaveLength(4);
  });

  it('defeats DNS rebinding: the connection goes to the address that was checked, resolved once', async () => {
    // 127.0.0.2 stands in for a public address (allowed by range); 127.0.0.1 is the internal service, same port.
    const standIn = await serve((_request, response) => response.end('stand-in'), { host: '127.0.0.2' });
    const internal = await serve((_request, response) => response.end('internal'), {
      host: '127.0.0.1',
      port: standIn.port,
    });
    const resolver = testResolver({}, '127.0.0.2');
    const tool = createHttpApiTool({ AllowedRanges: ['127.0.0.2/32'] }, { resolve: resolver });
    const first = await runTool(tool, { url: `http://rebind.test:${standIn.port}/` });
    expect(first.output.endsWith('stand-in')).toBe(true);
    expect(resolver.calls).toEqual(['rebind.test']);
    // The name now answers 127.0.0.1; a fresh connection is refused, never sent there.
    const fresh = createHttpApiTool({ AllowedRanges: ['127.0.0.2/32'] }, { resolve: resolver });
    const second = await runTool(fresh, { url: `http://rebind.test:${standIn.port}/` });
    expect(second.outcome).toBe('Denied');
    expect(second.output).toContain("'rebind.test' resolves to 127.0.0.1, a loopback address");
    expect(internal.requests).toHaveLength(0);
  });
});

describe('http_api refuses hostile headers before anything is sent', () => {
  it.each([
    [{ 'X-Test': 'a\r\nX-Injected: 1' }, 'line break or NUL'],
    [{ 'X-Test': 'a\nb' }, 'line break or NUL'],
    [{ 'X-Test': 'a\0b' }, 'line break or NUL'],
    [{ 'X-Bad\r\nName': 'v' }, 'is not allowed'],
    [{ 'Bad Name': 'v' }, 'is not allowed'],
    [{ Host: 'metadata.google.internal' }, "'Host' is set by the client itself"],
    [{ 'Transfer-Encoding': 'chunked' }, 'set by the client itself'],
    [{ 'Content-Length': '0' }, 'set by the client itself'],
    [{ 'X-Long': 'v'.repeat(9_000) }, 'send at most 8192'],
  ])('refuses headers #%#', async (headers, message) => {
    const server = await serve((_request, response) => response.end('ok'));
    const result = await runTool(allowing(server), { url: server.url, headers });
    expect(result.outcome).toBe('Denied');
    expect(result.output).toContain(message);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses any value with a CR, LF or NUL, and accepts printable single-line values', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('\r', '\n', '\0'), fc.string(), (before, breaker, after) => {
        expect(requestHeadersProblem({ 'X-Value': `${before}${breaker}${after}` })).toContain('line break or NUL');
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[\x20-\x7e]{0,200}$/), (value) => {
        expect(requestHeadersProblem({ 'X-Value': value })).toBeUndefined();
      }),
    );
  });

  it('refuses body and json together, and a URL that is not one', async () => {
    const tool = createHttpApiTool();
    expect((await runTool(tool, { url: 'http://example.com', body: 'a', json: {} })).output).toBe(
      'Error: Give either body or json, not both.',
    );
    expect((await runTool(tool, { url: 'not a url' })).output).toContain("'not a url' is not an absolute URL");
  });
});
