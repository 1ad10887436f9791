import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import {
  loginToMcpServer,
  type McpLoginResult,
  type McpOAuthProvider,
  type McpServerAuthSettings,
  type McpSignInSession,
  type McpTokenStore,
  mcpFetchFor,
  mcpServerAuthSettingsSchema,
  openMcpSignInSession,
  openMcpTokenStore,
  runAuthorizedFetch,
} from '@orkeon/mcp';
import { describe, expectTypeOf, it } from 'vitest';

describe('the public types of MCP authorization', () => {
  it('gives hosts a fetch for McpClient.connect and an SDK-shaped provider', () => {
    expectTypeOf(openMcpSignInSession).returns.resolves.toEqualTypeOf<McpSignInSession>();
    expectTypeOf<McpSignInSession['fetch']>().toEqualTypeOf<FetchLike>();
    expectTypeOf<McpSignInSession['provider']>().toEqualTypeOf<OAuthClientProvider>();
    expectTypeOf<McpOAuthProvider>().toExtend<OAuthClientProvider>();
    expectTypeOf(runAuthorizedFetch).returns.toEqualTypeOf<FetchLike | undefined>();
    expectTypeOf(loginToMcpServer).returns.resolves.toEqualTypeOf<McpLoginResult>();
    expectTypeOf(openMcpTokenStore).returns.resolves.toEqualTypeOf<McpTokenStore>();
    expectTypeOf(mcpFetchFor).returns.resolves.toBeFunction();
  });

  it('reads the Auth section into its defaults', () => {
    expectTypeOf(mcpServerAuthSettingsSchema.parse({})).toEqualTypeOf<McpServerAuthSettings>();
    expectTypeOf<McpServerAuthSettings['Flow']>().toEqualTypeOf<
      'AuthorizationCode' | 'ClientCredentials' | 'CrossAppAccess'
    >();
    expectTypeOf<McpServerAuthSettings['RedirectPort']>().toEqualTypeOf<number>();
    expectTypeOf<McpServerAuthSettings['Scopes']>().toEqualTypeOf<string[] | undefined>();
  });
});
