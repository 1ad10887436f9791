import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@orkeon/core';
import { McpClient, McpTokenStore, mcpServerSettingsSchema, runAuthorizedFetch } from '@orkeon/mcp';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeApprovingBrowser } from '../../approving-browser.js';
import { orkeonCommand } from '../orkeon-process.js';
import { freePort, rpc, type ServeProcess, startServe, writeAppSettings } from './serve-process.js';

// `orkeon mcp serve --http` with `MCP:Serve:Auth` Validation: Introspection, against the MCP SDK's own
// example authorization server (simpleStreamableHttp --oauth: dynamic registration, PKCE, and an
// RFC 7662 /introspect answering `aud` = the resource the token was issued for). Orkeon's own client
// signs in to the served endpoint (`orkeon mcp login`, the "browser" a script: the example approves
// at once) and then lists its tools (`orkeon mcp list`).

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const exampleServer = join(
  root,
  'node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js',
);

let folder: TemporaryDirectory;
let example: ChildProcess;
let authUrl: string;
let exampleMcpUrl: string;
let data: string;
let serve: ServeProcess;
let client: string;
let browser: string;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  const [mcpPort, authPort, ourPort] = [await freePort(), await freePort(), await freePort()];
  authUrl = `http://localhost:${authPort}/`;
  exampleMcpUrl = `http://localhost:${mcpPort}/mcp`;
  example = spawn(process.execPath, [exampleServer, '--oauth'], {
    env: { PATH: process.env.PATH ?? '', MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    example.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('OAuth Authorization Server listening')) resolve();
    });
    example.on('exit', (code) => reject(new Error(`the example server exited with ${code}: ${output}`)));
  });

  const served = join(folder.path, 'served');
  data = join(served, 'data');
  await mkdir(data, { recursive: true });
  await writeFile(join(data, 'notes.txt'), 'squids have three hearts');
  await writeAppSettings(served, {
    Issuer: authUrl,
    Validation: 'Introspection',
    IntrospectionUrl: `${authUrl}introspect`,
    Resource: `http://127.0.0.1:${ourPort}/mcp`,
  });
  serve = await startServe(`127.0.0.1:${ourPort}`, ['--tools', 'file_read,file_write', '-m', 'data:/work:rw'], served);

  client = join(folder.path, 'client');
  await mkdir(client);
  browser = await writeApprovingBrowser(folder.path);
}, 60_000);
afterAll(async () => {
  await serve?.stop();
  example?.kill();
  await folder?.remove();
});

function metadataUrl(): string {
  return new URL('/.well-known/oauth-protected-resource/mcp', serve.url).href;
}

/** `orkeon …` in the client's folder: exit code and output. */
function orkeon(args: readonly string[], environment: Record<string, string> = {}) {
  const { command, args: full } = orkeonCommand(args);
  const child = spawn(command, full, {
    cwd: client,
    env: { PATH: process.env.PATH ?? '', HOME: client, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The client's settings: our served endpoint as `ours`, its tokens in a store of the test's own. */
async function clientSettings(store: string): Promise<string> {
  const tokenStore = join(folder.path, 'state', store);
  await writeAppSettings(client, undefined, {
    Servers: { ours: { Transport: 'Http', Url: serve.url, Auth: {}, TimeoutSeconds: 20 } },
    Auth: { TokenStore: tokenStore },
  });
  return tokenStore;
}

/**
 * A token straight from the example authorization server (registration, authorization with PKCE,
 * code exchange), for any resource and scope: the way to hold a token issued for another server.
 */
async function issueToken(resource: string, scope: string): Promise<string> {
  const redirect = 'http://127.0.0.1:1/callback';
  const registered = await fetch(new URL('register', authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirect], token_endpoint_auth_method: 'none', client_name: 'test' }),
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL('authorize', authUrl);
  const query = { client_id, redirect_uri: redirect, response_type: 'code', scope, resource };
  authorize.search = new URLSearchParams({
    ...query,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const approval = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(approval.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const exchanged = await fetch(new URL('token', authUrl), {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id, resource }),
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

// The example authorization server advertises only `mcp:tools`, but grants whatever scope a client
// asks for: the default ReadScope and WriteScope (mcp:read, mcp:write) are kept. `orkeon mcp login`
// asks for the scope of the server's 401 challenge (mcp:read) unless given --scope.
describe('orkeon mcp serve with token introspection, signed in to by orkeon mcp login', () => {
  it('names the example authorization server in its metadata and refuses a request without a token', async () => {
    const metadata = await (await fetch(new URL('/.well-known/oauth-protected-resource/mcp', serve.url))).json();
    expect(metadata).toEqual({
      resource: serve.url,
      authorization_servers: [authUrl],
      scopes_supported: ['mcp:read', 'mcp:write'],
      bearer_methods_supported: ['header'],
      resource_name: 'Orkeon',
    });
    const refused = await rpc(serve.url, 'tools/list', {});
    expect(refused.status).toBe(401);
    expect(refused.challenge).toBe(`Bearer scope="mcp:read", resource_metadata="${metadataUrl()}"`);
  });

  it('refuses 401 invalid_token a token the issuer does not know, and one issued for another server', async () => {
    const unknown = await rpc(serve.url, 'tools/list', {}, 'not-a-token-of-the-issuer');
    expect(unknown.status).toBe(401);
    expect(unknown.challenge).toBe(
      `Bearer error="invalid_token", error_description="the token is not active", resource_metadata="${metadataUrl()}"`,
    );
    const elsewhere = await issueToken(exampleMcpUrl, 'mcp:read mcp:write');
    const foreign = await rpc(serve.url, 'tools/list', {}, elsewhere);
    expect(foreign.status).toBe(401);
    expect(foreign.challenge).toMatch(
      /^Bearer error="invalid_token", error_description="the token is not for this server/,
    );
    expect(foreign.challenge).toContain(exampleMcpUrl);
    // The same scopes, issued for this server, pass.
    const own = await rpc(serve.url, 'tools/list', {}, await issueToken(serve.url, 'mcp:read mcp:write'));
    expect(own.status).toBe(200);
    expect(own.body.result.tools).toHaveLength(2);
  });

  it('login asks for the read scope of the challenge; that token lists and runs the Read tools only', async () => {
    const tokenStore = await clientSettings('read.json');
    const before = await orkeon(['mcp', 'list', 'ours']);
    expect(before.code).toBe(2);
    expect(before.stdout).toContain('orkeon mcp login ours');

    const login = await orkeon(['mcp', 'login', 'ours'], { BROWSER: browser });
    expect(login.stderr).toMatch(/If it did not open, visit:\n {2}http:\/\/localhost:\d+\/authorize\?/);
    expect(login.stderr).toContain(`&scope=mcp%3Aread&resource=${encodeURIComponent(serve.url)}`);
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/^Signed in to 'ours' \(scope mcp:read, expires /);

    const list = await orkeon(['mcp', 'list', 'ours']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`ours  Http  ${serve.url}\n`);
    expect(list.stdout).toContain('  1 tool(s):\n    file_read  read\n');
    expect(list.stdout).not.toContain('file_write');

    const token = JSON.parse(await readFile(tokenStore, 'utf8')).servers.ours.tokens.access_token as string;
    const read = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_read', arguments: { path: '/work/notes.txt' } },
      token,
    );
    expect(read.body.result).toMatchObject({ isError: false, content: [{ text: 'squids have three hearts' }] });
    const write = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_write', arguments: { path: '/work/refused.txt', content: 'no' } },
      token,
    );
    expect(write.status).toBe(403);
    expect(write.challenge).toBe(
      `Bearer error="insufficient_scope", scope="mcp:read mcp:write", resource_metadata="${metadataUrl()}"`,
    );
    await expect(access(join(data, 'refused.txt'))).rejects.toThrow();

    // A run holding that token and calling the Write tool is told how to sign in with the wider scope.
    const settings = mcpServerSettingsSchema.parse({ Transport: 'Http', Url: serve.url, Auth: {}, TimeoutSeconds: 20 });
    const connection = await McpClient.connect('ours', settings, {
      logger: createLogger({ level: 'silent' }),
      fetch: runAuthorizedFetch('ours', settings, new McpTokenStore({ path: tokenStore })) ?? fetch,
    });
    try {
      await expect(
        connection.callTool('file_write', { path: '/work/refused.txt', content: 'no' }),
      ).rejects.toMatchObject({
        code: 'MCP_AUTH_LOGIN_REQUIRED',
        message: expect.stringContaining('`orkeon mcp login ours --scope "mcp:read mcp:write"`'),
      });
    } finally {
      await connection.close();
    }
    await expect(access(join(data, 'refused.txt'))).rejects.toThrow();
  }, 120_000);

  it('login --scope with the write scope: that token lists and runs every tool', async () => {
    const tokenStore = await clientSettings('write.json');
    const login = await orkeon(['mcp', 'login', 'ours', '--scope', 'mcp:read mcp:write'], { BROWSER: browser });
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/^Signed in to 'ours' \(scope mcp:read mcp:write, expires /);

    const list = await orkeon(['mcp', 'list', 'ours']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('  2 tool(s):\n    file_read  read\n    file_write  write\n');

    const token = JSON.parse(await readFile(tokenStore, 'utf8')).servers.ours.tokens.access_token as string;
    const write = await rpc(
      serve.url,
      'tools/call',
      { name: 'file_write', arguments: { path: '/work/written.txt', content: 'by mcp:write' } },
      token,
    );
    expect(write.status).toBe(200);
    expect(write.body.result.isError).toBe(false);
    expect(await readFile(join(data, 'written.txt'), 'utf8')).toBe('by mcp:write');
  }, 120_000);
});
