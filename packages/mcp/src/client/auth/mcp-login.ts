import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpServerSettings } from '../../settings/mcp-settings.js';
import { McpClientError } from '../mcp-client-error.js';
import { authorizedFetch } from './authorized-fetch.js';
import { crossAppAccessProvider } from './cross-app-access.js';
import { LoopbackSignIn } from './loopback-sign-in.js';
import { McpOAuthProvider } from './mcp-oauth-provider.js';
import type { McpTokenStore } from './mcp-token-store.js';
import { openBrowser } from './open-browser.js';

export interface McpSignInOptions {
  readonly serverId: string;
  /** An Http entry with `Auth`. */
  readonly server: McpServerSettings;
  readonly store: McpTokenStore;
  /** Asked for instead of the settings' `Scopes` and the server's challenge. */
  readonly scopes?: readonly string[];
  /** Where the sign-in URL is shown, whether or not a browser opens. */
  readonly print: (line: string) => void;
  /** Opens the URL; default the system's browser (`BROWSER` when set). `false` only prints it. */
  readonly openBrowser?: ((url: string) => Promise<boolean>) | false;
  /** How long to wait for the person at each sign-in; default 5 minutes. */
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
  /** Sends the requests to the server and the authorization server; default the global fetch. */
  readonly fetch?: FetchLike;
}

/** A session that may send a person to sign in, whenever the server asks (at first, or for more scopes). */
export interface McpSignInSession {
  /** For `McpClient.connect(…, { fetch })`: tokens on every request, a sign-in on 401 or 403 insufficient_scope. */
  readonly fetch: FetchLike;
  readonly provider: OAuthClientProvider;
  close(): Promise<void>;
}

export interface McpLoginResult {
  /** False when the server answered without asking for authorization: nothing was stored. */
  readonly authorized: boolean;
  readonly scope?: string;
  /** When the access token expires, when the server said; a refresh token renews it in runs. */
  readonly expiresAt?: Date;
  readonly refreshable: boolean;
}

/**
 * Opens a sign-in session for one server: the SDK discovers the authorization server, registers
 * (or uses the configured client, or the client ID metadata document) and runs PKCE; the person
 * approves in the browser, which returns to a loopback redirect on 127.0.0.1. A client-credentials
 * or cross-app-access entry never needs the browser. Tokens go to the store, for later runs.
 */
export async function openMcpSignInSession(options: McpSignInOptions): Promise<McpSignInSession> {
  const { server, serverId, store } = options;
  const auth = server.Auth;
  if (auth === undefined || server.Url === undefined)
    throw new McpClientError(
      'MCP_AUTH_FAILED',
      `MCP server '${serverId}' has no Auth section: add MCP:Servers:${serverId}:Auth to sign in with OAuth.`,
    );
  const open = options.openBrowser === false ? undefined : (options.openBrowser ?? openBrowser);
  const signIn =
    auth.Flow === 'AuthorizationCode'
      ? await LoopbackSignIn.open({
          serverId,
          port: auth.RedirectPort,
          print: options.print,
          ...(open === undefined ? {} : { openBrowser: open }),
          ...(options.timeoutMilliseconds === undefined ? {} : { timeoutMilliseconds: options.timeoutMilliseconds }),
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        })
      : undefined;
  const provider =
    auth.Flow === 'CrossAppAccess'
      ? crossAppAccessProvider(auth)
      : new McpOAuthProvider({
          serverId,
          serverUrl: server.Url,
          auth,
          store,
          ...(signIn === undefined ? {} : { interactive: signIn }),
        });
  const scopes = options.scopes ?? auth.Scopes;
  const fetch = authorizedFetch({
    serverId,
    serverUrl: server.Url,
    provider,
    ...(scopes === undefined ? {} : { scopes }),
    ...(signIn === undefined ? {} : { signIn }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return { fetch, provider, close: async () => signIn?.close() };
}

/**
 * `orkeon mcp login`: forgets this server's earlier tokens and dynamic registration, sends one
 * request without a token to bring the server's challenge, signs in, and stores the tokens.
 */
export async function loginToMcpServer(options: McpSignInOptions): Promise<McpLoginResult> {
  const session = await openMcpSignInSession(options);
  try {
    await session.provider.invalidateCredentials?.('all');
    const url = options.server.Url ?? '';
    const response = await session.fetch(url, probe(options.server.Headers, options.signal));
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401 || response.status === 403)
      throw new McpClientError(
        'MCP_AUTH_FAILED',
        `MCP server '${options.serverId}' still refuses the new token (HTTP ${response.status}): check MCP:Servers:${options.serverId}:Auth:Scopes and that the account may use this server.`,
      );
    const tokens = await session.provider.tokens();
    if (tokens === undefined) return { authorized: false, refreshable: false };
    return {
      authorized: true,
      ...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
      ...(tokens.expires_in === undefined ? {} : { expiresAt: new Date(Date.now() + tokens.expires_in * 1000) }),
      refreshable: tokens.refresh_token !== undefined,
    };
  } finally {
    await session.close();
  }
}

/** A JSON-RPC ping: a protected server answers any MCP request with its challenge before reading it. */
function probe(headers: Readonly<Record<string, string>>, signal: AbortSignal | undefined): RequestInit {
  return {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'orkeon-login', method: 'ping' }),
    ...(signal === undefined ? {} : { signal }),
  };
}
