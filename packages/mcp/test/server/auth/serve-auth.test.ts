import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, startJwtIssuer } from './jwt-issuer.js';
import { freePort, rpc, type ServeProcess, serveUntilExit, startServe, writeAppSettings } from './serve-process.js';

// `orkeon mcp serve --http` with `MCP:Serve:Auth` (Validation Jwt), a real process, against a real
// issuer that publishes its metadata and keys: the RFC 9728 document, the RFC 6750 challenges, the
// read scope that shows and runs the Read tools only, and the official SDK client.

const toolArgs = ['--tools', 'file_read,file_write', '-m', 'data:/work:rw'];

let issuer: JwtIssuer;
let folder: TemporaryDirectory;
let serve: ServeProcess;
let metadataUrl: string;

beforeAll(async () => {
  issuer = await startJwtIssuer();
  folder = await createTemporaryDirectory();
  await mkdir(join(folder.path, 'data'));
  await writeFile(join(folder.path, 'data', 'notes.txt'), 'octopuses have three hearts');
  await writeAppSettings(folder.path, { Issuer: issuer.issuer });
  serve = await startServe('127.0.0.1:0', toolArgs, folder.path);
  metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', serve.url).href;
}, 60_000);
afterAll(async () => {
  await serve?.stop();
  await issuer?.close();
  await folder?.remove();
});

/** A token for this server with these scopes. */
function token(scope: string | undefined, claims: { expiresInSeconds?: number; issuer?: string } = {}) {
  return issuer.sign({ ...(scope === undefined ? {} : { scope }), audience: serve.url, ...claims });
}

function toolNames(body: { result: { tools: { name: string }[] } }): string[] {
  return body.result.tools.map((tool) => tool.name).sort();
}

describe('the protected resource', () => {
  it('announces itself at start, having read the issuer’s metadata once', () => {
    expect(serve.stderr()).toContain(`orkeon: MCP server at ${serve.url}, tokens from ${issuer.issuer}; Ctrl+C stops`);
    expect(serve.stderr()).not.toContain('warning');
    expect(issuer.requests.filter((path) => path === '/.well-known/oauth-authorization-server')).toHaveLength(1);
  });

  it('serves its RFC 9728 metadata at the path-inserted and at the root well-known URL', async () => {
    const expected = {
      resource: serve.url,
      authorization_servers: [issuer.issuer],
      scopes_supported: ['mcp:read', 'mcp:write'],
      bearer_methods_supported: ['header'],
    };
    for (const url of [metadataUrl, new URL('/.well-known/oauth-protected-resource', serve.url).href]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toMatchObject(expected);
    }
  });

  it('answers a request without a token 401 with the challenge naming the read scope and the metadata', async () => {
    const answer = await rpc(serve.url, 'tools/list', {});
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(`Bearer scope="mcp:read", resource_metadata="${metadataUrl}"`);
    expect(answer.body.error.message).toMatch(/^Unauthorized: /);
    const basic = await fetch(serve.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic dXNlcjpwYXNz' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe(`Bearer scope="mcp:read", resource_metadata="${metadataUrl}"`);
  });
});

describe('the scopes choose the tools', () => {
  it('the read scope lists the Read tools only, and runs them', async () => {
    const read = await token('openid mcp:read');
    const list = await rpc(serve.url, 'tools/list', {}, read);
    expect(list.status).toBe(200);
    expect(toolNames(list.body)).toEqual(['file_read']);
    const call = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_read', arguments: { path: '/work/notes.txt' } },
      read,
    );
    expect(call.status).toBe(200);
    expect(call.body.result).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'octopuses have three hearts' }],
    });
  });

  it('the read scope calling a Write tool gets 403 with the step-up challenge, and nothing is written', async () => {
    const read = await token('mcp:read');
    const call = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_write', arguments: { path: '/work/refused.txt', content: 'no' } },
      read,
    );
    expect(call.status).toBe(403);
    expect(call.challenge).toBe(
      `Bearer error="insufficient_scope", scope="mcp:read mcp:write", resource_metadata="${metadataUrl}"`,
    );
    expect(call.body.error.message).toContain("'file_write' is not a read-only tool");
    await expect(access(join(folder.path, 'data', 'refused.txt'))).rejects.toThrow();
  });

  it('the write scope lists and runs every tool', async () => {
    const write = await token('mcp:write');
    const list = await rpc(serve.url, 'tools/list', {}, write);
    expect(toolNames(list.body)).toEqual(['file_read', 'file_write']);
    const call = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_write', arguments: { path: '/work/written.txt', content: 'by the write scope' } },
      write,
    );
    expect(call.status).toBe(200);
    expect(call.body.result.isError).toBe(false);
    expect(await readFile(join(folder.path, 'data', 'written.txt'), 'utf8')).toBe('by the write scope');
  });

  it('a valid token with neither scope gets 403 insufficient_scope naming the read scope', async () => {
    const answer = await rpc(serve.url, 'tools/list', {}, await token('openid profile'));
    expect(answer.status).toBe(403);
    expect(answer.challenge).toBe(
      `Bearer error="insufficient_scope", scope="mcp:read", resource_metadata="${metadataUrl}"`,
    );
    expect((await rpc(serve.url, 'tools/list', {}, await token(undefined))).status).toBe(403);
  });
});

describe('tokens the server refuses with 401 invalid_token', () => {
  const cases: [string, () => Promise<string>, string][] = [
    ['for another audience', () => issuer.sign({ scope: 'mcp:write', audience: 'http://other.example/mcp' }), 'aud'],
    ['expired', () => token('mcp:write', { expiresInSeconds: -60 }), 'the token expired'],
    ['from another issuer', () => token('mcp:write', { issuer: 'http://127.0.0.1:1/other' }), 'iss'],
    [
      'signed by a key the issuer does not publish',
      () => issuer.sign({ scope: 'mcp:write', audience: serve.url, key: 'foreign' }),
      'not signed by the issuer',
    ],
    ['not a JWT', async () => 'garbage.token.value', 'not a valid JWT'],
  ];
  it.each(cases)('a token %s', async (_name, mint, reason) => {
    const answer = await rpc(serve.url, 'tools/list', {}, await mint());
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
    expect(answer.challenge).toContain(reason);
    expect(answer.challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(answer.body.result).toBeUndefined();
  });
});

describe('the official SDK client (@modelcontextprotocol/client) with a bearer token', () => {
  async function connect(jwt: string): Promise<Client> {
    const client = new Client({ name: 'auth-interop', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serve.url), { authProvider: { token: async () => jwt } }),
    );
    return client;
  }

  it('with the read scope lists the Read tools, runs one, and fails to run a Write tool', async () => {
    const client = await connect(await token('mcp:read'));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['file_read']);
      expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
      const read = await client.callTool({ name: 'file_read', arguments: { path: '/work/notes.txt' } });
      expect(read.content).toEqual([{ type: 'text', text: 'octopuses have three hearts' }]);
      const write = client.callTool({ name: 'file_write', arguments: { path: '/work/sdk.txt', content: 'no' } });
      await expect(write).rejects.toMatchObject({
        name: 'InsufficientScopeError',
        requiredScope: 'mcp:read mcp:write',
      });
      await expect(access(join(folder.path, 'data', 'sdk.txt'))).rejects.toThrow();
    } finally {
      await client.close();
    }
  });

  it('with the write scope runs the Write tool', async () => {
    const client = await connect(await token('mcp:read mcp:write'));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['file_read', 'file_write']);
      const write = await client.callTool({ name: 'file_write', arguments: { path: '/work/sdk.txt', content: 'yes' } });
      expect(write.isError).toBe(false);
      expect(await readFile(join(folder.path, 'data', 'sdk.txt'), 'utf8')).toBe('yes');
    } finally {
      await client.close();
    }
  });

  it('without a token the connection fails', async () => {
    const client = new Client({ name: 'auth-interop', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(serve.url)))).rejects.toThrow();
  });
});

describe('starting', () => {
  it.each([
    ['unreachable', async () => `http://127.0.0.1:${await freePort()}`, 'Cannot read the metadata of'],
    ['without metadata', async () => `${issuer.issuer}/elsewhere`, 'publishes no authorization-server metadata'],
  ])(
    'an issuer %s stops the start with exit code 1 and MCP_SERVE_AUTH_INVALID',
    async (_name, issuerUrl, reason) => {
      const refused = await createTemporaryDirectory();
      try {
        const url = await issuerUrl();
        await writeAppSettings(refused.path, { Issuer: url });
        const result = await serveUntilExit('127.0.0.1:0', [], refused.path);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/^orkeon: MCP_SERVE_AUTH_INVALID: .*MCP:Serve:Auth:Issuer/m);
        expect(result.stderr).toContain(reason);
        expect(result.stderr).toContain(url);
        expect(result.stderr).not.toContain('MCP server at');
      } finally {
        await refused.remove();
      }
    },
    60_000,
  );

  it('on a non-loopback address without MCP:Serve:Auth warns on stderr; with it, does not', async () => {
    const open = await createTemporaryDirectory();
    try {
      await writeAppSettings(open.path, undefined);
      const plain = await startServe('0.0.0.0:0', [], open.path);
      await plain.stop();
      expect(plain.stderr()).toMatch(
        /^orkeon: warning: 0\.0\.0\.0:0 is reachable beyond this machine and MCP:Serve:Auth is not set: /m,
      );
      // On every interface the server cannot know the name clients use: Resource is required.
      await writeAppSettings(open.path, { Issuer: issuer.issuer });
      const unnamed = await serveUntilExit('0.0.0.0:0', [], open.path);
      expect(unnamed.code).toBe(1);
      expect(unnamed.stderr).toContain('MCP_SERVE_AUTH_INVALID');
      expect(unnamed.stderr).toContain('MCP:Serve:Auth:Resource');
      await writeAppSettings(open.path, { Issuer: issuer.issuer, Resource: 'https://tools.example.com/mcp' });
      const guarded = await startServe('0.0.0.0:0', [], open.path);
      const unauthenticated = await rpc(guarded.url.replace('0.0.0.0', '127.0.0.1'), 'tools/list', {});
      await guarded.stop();
      expect(guarded.stderr()).toContain('MCP server at');
      expect(guarded.stderr()).not.toContain('warning');
      expect(unauthenticated.status).toBe(401);
    } finally {
      await open.remove();
    }
  }, 60_000);
});

// Last: it starts a second server, which reads the issuer's metadata again.
describe('the issuer setting', () => {
  it('takes the issuer written with or without a trailing slash', async () => {
    const slashed = await createTemporaryDirectory();
    try {
      await writeAppSettings(slashed.path, { Issuer: `${issuer.issuer.replace(/\/+$/, '')}/` });
      const other = await startServe('127.0.0.1:0', [], slashed.path);
      const answer = await rpc(
        other.url,
        'tools/list',
        {},
        await issuer.sign({ scope: 'mcp:read', audience: other.url }),
      );
      await other.stop();
      expect(answer.status).toBe(200);
    } finally {
      await slashed.remove();
    }
  }, 60_000);
});
