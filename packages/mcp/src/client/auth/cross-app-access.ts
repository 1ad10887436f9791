import {
  CrossAppAccessProvider,
  discoverAndRequestJwtAuthGrant,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client';
import type { McpServerAuthSettings } from '../../settings/mcp-auth-settings.js';

/**
 * Enterprise-managed authorization (SEP-990) on the SDK's provider: the identity provider
 * exchanges the person's ID token for a JWT authorization grant (RFC 8693) aimed at the MCP
 * server's authorization server, which trades it for an access token (RFC 7523). No browser,
 * nothing stored: the grant is asked for again when the token expires.
 */
export function crossAppAccessProvider(auth: McpServerAuthSettings): CrossAppAccessProvider {
  const identity = auth.IdentityProvider;
  if (identity === undefined || auth.ClientId === undefined || auth.ClientSecret === undefined)
    throw new TypeError('CrossAppAccess needs IdentityProvider, ClientId and ClientSecret (the settings check them).');
  return new CrossAppAccessProvider({
    clientId: auth.ClientId,
    clientSecret: auth.ClientSecret,
    clientName: auth.ClientName,
    ...(auth.AuthorizationServer === undefined ? {} : { expectedIssuer: auth.AuthorizationServer }),
    assertion: async (context) => {
      const request = {
        audience: context.authorizationServerUrl,
        resource: context.resourceUrl,
        idToken: identity.IdToken,
        clientId: identity.ClientId,
        ...(identity.ClientSecret === undefined ? {} : { clientSecret: identity.ClientSecret }),
        ...(context.scope === undefined ? {} : { scope: context.scope }),
        fetchFn: context.fetchFn,
      };
      const grant =
        identity.TokenEndpoint !== undefined
          ? await requestJwtAuthorizationGrant({ ...request, tokenEndpoint: identity.TokenEndpoint })
          : await discoverAndRequestJwtAuthGrant({ ...request, idpUrl: identity.Issuer ?? '' });
      return grant.jwtAuthGrant;
    },
  });
}
