import {
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  type FetchLike,
  isStrictScopeSuperset,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { McpClientError } from '../mcp-client-error.js';
import type { McpInteractiveSignIn } from './loopback-sign-in.js';
import { McpOAuthProvider } from './mcp-oauth-provider.js';

export interface AuthorizedFetchOptions {
  readonly serverId: string;
  readonly serverUrl: string;
  readonly provider: OAuthClientProvider;
  /** Scopes from settings; asked for instead of the challenge's, and kept on step-up. */
  readonly scopes?: readonly string[];
  /** During a sign-in: the browser's return to the loopback redirect. Absent in runs. */
  readonly signIn?: McpInteractiveSignIn;
  readonly fetch?: FetchLike;
}

/**
 * The fetch an Http transport sends with: the stored access token on every request; on
 * `401` (no or expired token) or `403 insufficient_scope` (step-up) one authorization through
 * the SDK's `auth()`, then the request once more. At most one authorization per request, so a
 * server that keeps refusing gets its answer back instead of a loop; concurrent refusals share it.
 */
export function authorizedFetch(options: AuthorizedFetchOptions): FetchLike {
  const { provider, serverUrl } = options;
  const send = options.fetch ?? fetch;
  let authorizing: Promise<void> | undefined;

  const request = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const tokens = await provider.tokens();
    if (tokens !== undefined) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return send(input, { ...init, headers });
  };

  const authorize = async (response: Response, stepUp: boolean): Promise<void> => {
    const challenge = extractWWWAuthenticateParams(response);
    const granted = (await provider.tokens())?.scope;
    const wanted = options.scopes?.length ? options.scopes.join(' ') : challenge.scope;
    const scope = stepUp ? computeScopeUnion(wanted, granted, challenge.scope) : wanted;
    const base = {
      serverUrl,
      fetchFn: send,
      ...(challenge.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: challenge.resourceMetadataUrl }),
      ...(scope === undefined ? {} : { scope }),
    };
    if (provider instanceof McpOAuthProvider) await provider.assertAuthorizable();
    try {
      // A refresh cannot widen a grant (RFC 6749 §6): a step-up to more scopes asks anew.
      const result = await auth(provider, {
        ...base,
        forceReauthorization: stepUp && isStrictScopeSuperset(scope, granted),
      });
      if (result === 'AUTHORIZED') return;
      if (options.signIn === undefined)
        throw new McpClientError('MCP_AUTH_FAILED', `MCP server '${options.serverId}' sign-in did not complete.`);
      const callback = await options.signIn.awaitCallback();
      await auth(provider, {
        ...base,
        authorizationCode: callback.code,
        ...(callback.iss === undefined ? {} : { iss: callback.iss }),
      });
    } catch (error) {
      if (McpClientError.isInstance(error)) throw error;
      throw new McpClientError(
        'MCP_AUTH_FAILED',
        `Authorizing with MCP server '${options.serverId}' failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, details: { serverId: options.serverId } },
      );
    }
  };

  return async (input, init) => {
    const response = await request(input, init);
    const stepUp = response.status === 403 && extractWWWAuthenticateParams(response).error === 'insufficient_scope';
    if (response.status !== 401 && !stepUp) return response;
    // Only the challenge headers are read: the refused answer's body is let go at once, whatever follows.
    await response.body?.cancel().catch(() => undefined);
    authorizing ??= authorize(response, stepUp).finally(() => {
      authorizing = undefined;
    });
    await authorizing;
    return request(input, init);
  };
}
