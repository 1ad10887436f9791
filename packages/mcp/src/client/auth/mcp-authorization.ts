import type { FetchLike } from '@modelcontextprotocol/client';
import { type SecretStore, secretVariableName } from '@orkeon/core';
import type { McpAuthStoreSettings } from '../../settings/mcp-auth-settings.js';
import type { McpServerSettings, McpSettings } from '../../settings/mcp-settings.js';
import { McpClientError } from '../mcp-client-error.js';
import { authorizedFetch } from './authorized-fetch.js';
import { crossAppAccessProvider } from './cross-app-access.js';
import { McpOAuthProvider } from './mcp-oauth-provider.js';
import { defaultMcpTokenStorePath, McpTokenStore } from './mcp-token-store.js';

/** Opens the token store `MCP:Auth` describes; its key, when named, comes from the secret store. */
export async function openMcpTokenStore(settings: McpAuthStoreSettings, secrets: SecretStore): Promise<McpTokenStore> {
  const path = settings.TokenStore ?? defaultMcpTokenStorePath();
  const name = settings.EncryptionKeySecretName;
  if (name === undefined) return new McpTokenStore({ path });
  const value = (await secrets.get(name))?.trim();
  const where = `the secret '${name}' that MCP:Auth:EncryptionKeySecretName names (from the environment: ${secretVariableName(name)})`;
  const key = value === undefined ? undefined : Buffer.from(value, 'base64');
  if (key === undefined || key.length !== 32 || key.toString('base64') !== value?.replace(/\s+/g, ''))
    throw new McpClientError(
      'MCP_TOKEN_STORE_UNREADABLE',
      `${where} is ${value === undefined ? 'missing' : 'not 32 bytes in base64'}: create a key with \`openssl rand -base64 32\` and store it there.`,
    );
  return new McpTokenStore({ path, encryptionKey: key });
}

/**
 * The fetch a run's transport uses for a server with `Auth`: stored tokens, refreshed when they
 * expire, client credentials fetched when the flow says so; a sign-in it cannot do names
 * `orkeon mcp login`. Undefined for a server without `Auth`.
 */
export function runAuthorizedFetch(
  serverId: string,
  server: McpServerSettings,
  store: McpTokenStore,
): FetchLike | undefined {
  if (server.Auth === undefined || server.Url === undefined) return undefined;
  const provider =
    server.Auth.Flow === 'CrossAppAccess'
      ? crossAppAccessProvider(server.Auth)
      : new McpOAuthProvider({ serverId, serverUrl: server.Url, auth: server.Auth, store });
  return authorizedFetch({
    serverId,
    serverUrl: server.Url,
    provider,
    ...(server.Auth.Scopes === undefined ? {} : { scopes: server.Auth.Scopes }),
  });
}

/**
 * For `McpConnections.connect({ fetchFor })`: the OAuth fetch of each server with `Auth`. The token
 * store opens only when a server uses OAuth; a bad key fails those servers, not the others.
 */
export async function mcpFetchFor(
  settings: McpSettings,
  secrets: SecretStore,
): Promise<(id: string, server: McpServerSettings) => FetchLike | undefined> {
  const needsStore = Object.values(settings.Servers).some((server) => server.Auth !== undefined);
  const store = needsStore ? await openMcpTokenStore(settings.Auth, secrets).catch((error: Error) => error) : undefined;
  return (id, server) => {
    if (store === undefined || server.Auth === undefined) return undefined;
    if (store instanceof Error) return () => Promise.reject(store);
    return runAuthorizedFetch(id, server, store);
  };
}
