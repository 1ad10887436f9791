import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@orkeon/core';
import {
  loginToMcpServer,
  McpClient,
  type McpServerSettings,
  McpTokenStore,
  mcpServerSettingsSchema,
  runAuthorizedFetch,
} from '@orkeon/mcp';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RefreshingOAuthServer, startRefreshingOAuthServer } from './fixtures/refreshing-oauth-server.js';

// A person signs in once (the "browser" follows the authorization server's redirect to the
// loopback); later runs are headless: they refresh an expired access token, and never send a
// token stored for another server.

const logger = createLogger({ level: 'silent' });
// Whole seconds: the SDK's bearer check rounds expiry down, so a 1 s token may live a tenth of a second.
const lifetimeSeconds = 3;

let folder: TemporaryDirectory;
let fixture: RefreshingOAuthServer | undefined;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  // The SDK warns on the console when it drops refused tokens; the tests read the outcome instead.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fixture?.close();
  fixture = undefined;
  await folder.remove();
});

async function start(accessTokenSeconds = lifetimeSeconds): Promise<RefreshingOAuthServer> {
  fixture = await startRefreshingOAuthServer({ accessTokenSeconds });
  return fixture;
}

function demoSettings(url: string): McpServerSettings {
  return mcpServerSettingsSchema.parse({ Transport: 'Http', Url: url, Auth: {}, TimeoutSeconds: 20 });
}

/** The browser: the authorization server approves at once, so follow its redirect to the loopback. */
async function approve(url: string): Promise<boolean> {
  const approval = await fetch(url, { redirect: 'manual' });
  const location = approval.headers.get('location');
  if (location === null) throw new Error(`the authorization server did not redirect (HTTP ${approval.status})`);
  await (await fetch(location)).text();
  return true;
}

async function signIn(settings: McpServerSettings, store: McpTokenStore) {
  return loginToMcpServer({
    serverId: 'demo',
    server: settings,
    store,
    print: () => undefined,
    openBrowser: approve,
    timeoutMilliseconds: 10_000,
  });
}

function connectHeadless(settings: McpServerSettings, store: McpTokenStore): Promise<McpClient> {
  const fetch = runAuthorizedFetch('demo', settings, store);
  return McpClient.connect('demo', settings, { logger, ...(fetch === undefined ? {} : { fetch }) });
}

const loginRequired = {
  code: 'MCP_AUTH_LOGIN_REQUIRED',
  message: expect.stringContaining('orkeon mcp login demo'),
};

describe('OAuth tokens of a remote MCP server across runs', () => {
  it('a headless run after the access token expired refreshes it, and the store keeps the rotated tokens', async () => {
    const server = await start();
    const settings = demoSettings(server.mcpUrl);
    const store = new McpTokenStore({ path: join(folder.path, 'credentials.json') });

    const login = await signIn(settings, store);
    expect(login).toMatchObject({ authorized: true, refreshable: true });
    expect(server.grants).toEqual({ authorization_code: 1 });
    const signedIn = (await store.read('demo'))?.tokens;
    expect(signedIn?.access_token).toEqual(expect.any(String));
    expect(signedIn?.refresh_token).toEqual(expect.any(String));

    await sleep(lifetimeSeconds * 1000 + 1100);
    const stale = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${signedIn?.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stale.status).toBe(401);

    const client = await connectHeadless(settings, store);
    try {
      const result = await client.callTool('echo', { text: 'after the refresh' });
      expect(result.content).toEqual([{ type: 'text', text: 'after the refresh' }]);
    } finally {
      await client.close();
    }

    expect(server.grants.authorization_code).toBe(1);
    expect(server.grants.refresh_token).toBeGreaterThanOrEqual(1);
    const refreshed = (await store.read('demo'))?.tokens;
    expect(refreshed?.access_token).not.toBe(signedIn?.access_token);
    expect(refreshed?.refresh_token).not.toBe(signedIn?.refresh_token);
    expect(server.liveRefreshTokens()).toContain(refreshed?.refresh_token);
    expect(server.liveRefreshTokens()).not.toContain(signedIn?.refresh_token);
    expect(server.authorizations).toContain(`Bearer ${refreshed?.access_token}`);
  });

  it('a record stored for another server URL is never sent: the run asks for a login', async () => {
    const server = await start(60);
    const settings = demoSettings(server.mcpUrl);
    const store = new McpTokenStore({ path: join(folder.path, 'credentials.json') });
    await signIn(settings, store);
    const record = await store.read('demo');
    const tokens = record?.tokens as { access_token: string; refresh_token: string };
    // Tokens the server would accept, recorded as obtained for another server.
    await store.write('demo', { ...record, serverUrl: 'http://127.0.0.1:9/mcp' });
    const grantsBefore = { ...server.grants };
    server.authorizations.length = 0;

    await expect(connectHeadless(settings, store)).rejects.toMatchObject(loginRequired);

    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.filter((header) => header?.includes(tokens.access_token))).toEqual([]);
    expect(server.grants).toEqual(grantsBefore);
    // Nothing registered or rewritten behind the person's back: the record stays as it was.
    expect((await store.read('demo'))?.serverUrl).toBe('http://127.0.0.1:9/mcp');
    expect((await store.read('demo'))?.clientInformation).toEqual(record?.clientInformation);
  });

  it('a refresh token the authorization server no longer knows asks for a login instead of failing the run', async () => {
    const server = await start();
    const settings = demoSettings(server.mcpUrl);
    const store = new McpTokenStore({ path: join(folder.path, 'credentials.json') });
    await signIn(settings, store);
    server.forgetRefreshTokens();
    await sleep(lifetimeSeconds * 1000 + 1100);

    await expect(connectHeadless(settings, store)).rejects.toMatchObject(loginRequired);
    expect(server.grants.refresh_token).toBe(1);
    expect(server.grants.authorization_code).toBe(1);
  });
});

describe('MCP:Servers:<id>:Auth settings', () => {
  const url = 'https://mcp.example.com/mcp';
  const http = (auth: Record<string, unknown>) => ({ Transport: 'Http', Url: url, Auth: auth });
  const identity = { ClientId: 'orkeon', IdToken: 'id-token' };
  const crossApp = { Flow: 'CrossAppAccess', ClientId: 'orkeon', ClientSecret: 'secret' };

  it.each([
    ['Auth on a Stdio server', { Command: 'npx', Auth: {} }, ['Auth'], 'Auth is for Http servers'],
    [
      'Auth with BearerToken',
      { ...http({}), BearerToken: 'fixed' },
      ['BearerToken'],
      'give either BearerToken (a fixed token) or Auth (OAuth), not both',
    ],
    [
      'ClientCredentials without ClientId',
      http({ Flow: 'ClientCredentials' }),
      ['Auth', 'ClientId'],
      'ClientCredentials needs a pre-registered ClientId',
    ],
    [
      'ClientSecret without ClientId',
      http({ ClientSecret: 'secret' }),
      ['Auth', 'ClientSecret'],
      'a ClientSecret needs the ClientId it belongs to',
    ],
    [
      'PrivateKey without private_key_jwt',
      http({ ClientId: 'orkeon', PrivateKey: 'pem' }),
      ['Auth', 'TokenEndpointAuthMethod'],
      'a PrivateKey is only used with TokenEndpointAuthMethod: private_key_jwt',
    ],
    [
      'private_key_jwt without PrivateKey',
      http({ ClientId: 'orkeon', TokenEndpointAuthMethod: 'private_key_jwt' }),
      ['Auth', 'PrivateKey'],
      'private_key_jwt needs PrivateKey (PEM)',
    ],
    [
      'CrossAppAccess without IdentityProvider',
      http(crossApp),
      ['Auth', 'IdentityProvider'],
      'CrossAppAccess needs IdentityProvider',
    ],
    [
      'IdentityProvider with both Issuer and TokenEndpoint',
      http({
        ...crossApp,
        IdentityProvider: {
          ...identity,
          Issuer: 'https://idp.example.com',
          TokenEndpoint: 'https://idp.example.com/t',
        },
      }),
      ['Auth', 'IdentityProvider'],
      'give the identity provider’s Issuer or its TokenEndpoint, one of them',
    ],
  ])('refuses %s, naming the fix', (_case, entry, path, message) => {
    const parsed = mcpServerSettingsSchema.safeParse(entry);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({ path, message: expect.stringContaining(message) }),
    );
  });

  it('accepts a minimal Auth section: a sign-in with PKCE on any free loopback port', () => {
    const parsed = mcpServerSettingsSchema.safeParse(http({}));
    expect(parsed.error).toBeUndefined();
    expect(parsed.data?.Auth).toMatchObject({ Flow: 'AuthorizationCode', RedirectPort: 0, ClientName: 'Orkeon' });
  });
});
