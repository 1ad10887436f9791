import { z } from 'zod';

/** How Orkeon obtains tokens for one server: a person signs in once, or the client proves itself (machine to machine). */
export const mcpAuthFlows = ['AuthorizationCode', 'ClientCredentials', 'CrossAppAccess'] as const;

/** Token endpoint authentication (RFC 6749 §2.3, RFC 7523 for private_key_jwt). */
export const tokenEndpointAuthMethods = [
  'client_secret_basic',
  'client_secret_post',
  'none',
  'private_key_jwt',
] as const;

/** `MCP:Servers:<id>:Auth`: OAuth 2.1 for an Http server, on the MCP SDK's authorization support. */
export const mcpServerAuthSettingsSchema = z
  .strictObject({
    Flow: z
      .enum(mcpAuthFlows)
      .default('AuthorizationCode')
      .describe(
        'AuthorizationCode: a person signs in once with `orkeon mcp login <id>` (PKCE, loopback redirect), runs use and refresh the stored tokens. ClientCredentials: the client authenticates itself, no person involved. CrossAppAccess: an enterprise identity provider’s ID token is exchanged for a grant the server’s authorization server accepts (IdentityProvider).',
      ),
    ClientId: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A client registered beforehand with the authorization server. Absent: ClientMetadataUrl when given, else dynamic client registration.',
      ),
    ClientSecret: z
      .string()
      .min(1)
      .optional()
      .describe('The pre-registered client’s secret (give it as SVC_MCP__Servers__<id>__Auth__ClientSecret).'),
    ClientMetadataUrl: z
      .url({ protocol: /^https$/ })
      .optional()
      .describe(
        'An https URL where this client’s metadata document is published (OAuth client ID metadata document): used as client_id by servers that support it.',
      ),
    TokenEndpointAuthMethod: z
      .enum(tokenEndpointAuthMethods)
      .optional()
      .describe(
        'How the client authenticates at the token endpoint. Absent: chosen from what the server supports and whether a secret is set.',
      ),
    PrivateKey: z
      .string()
      .min(1)
      .optional()
      .describe('private_key_jwt: the PEM private key that signs client assertions (a secret).'),
    SigningAlgorithm: z
      .string()
      .regex(/^(RS|PS|ES)(256|384|512)$|^EdDSA$/, 'an algorithm such as RS256, ES256 or EdDSA')
      .default('RS256')
      .describe('private_key_jwt: the JWS algorithm of the client assertions.'),
    Scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'a scope is printable ASCII without spaces or quotes'))
      .optional()
      .describe(
        'Scopes to ask for. Absent: those the server names in its WWW-Authenticate challenge, else all in its scopes_supported.',
      ),
    AuthorizationServer: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        'The issuer the credentials belong to: a pre-registered client’s secret or key is never sent to another authorization server.',
      ),
    RedirectPort: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(0)
      .describe(
        'Port of the loopback redirect (http://127.0.0.1:<port>/callback) during `orkeon mcp login`; 0 picks a free one. A pre-registered client needs the port it registered.',
      ),
    ClientName: z.string().min(1).default('Orkeon').describe('client_name sent in dynamic registration.'),
    IdentityProvider: z
      .strictObject({
        Issuer: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('The enterprise identity provider, whose token endpoint is read from its metadata.'),
        TokenEndpoint: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('Its token endpoint, when its metadata is not published (instead of Issuer).'),
        ClientId: z.string().min(1).describe('This client at the identity provider.'),
        ClientSecret: z.string().min(1).optional().describe('Its secret at the identity provider, when it has one.'),
        IdToken: z
          .string()
          .min(1)
          .describe(
            'The signed-in person’s ID token from the identity provider (a secret; short-lived, renewed by the SSO tooling).',
          ),
      })
      .refine((identity) => (identity.Issuer === undefined) !== (identity.TokenEndpoint === undefined), {
        message: 'give the identity provider’s Issuer or its TokenEndpoint, one of them',
      })
      .optional()
      .describe(
        'CrossAppAccess: the identity provider that vouches for the person (token exchange for an ID-JAG, then a JWT bearer grant).',
      ),
  })
  .superRefine((auth, context) => {
    if (auth.ClientSecret !== undefined && auth.ClientId === undefined)
      context.addIssue({
        code: 'custom',
        path: ['ClientSecret'],
        message: 'a ClientSecret needs the ClientId it belongs to',
      });
    if (auth.TokenEndpointAuthMethod === 'private_key_jwt' && auth.PrivateKey === undefined)
      context.addIssue({
        code: 'custom',
        path: ['PrivateKey'],
        message: 'private_key_jwt needs PrivateKey (PEM), given as SVC_MCP__Servers__<id>__Auth__PrivateKey',
      });
    if (auth.PrivateKey !== undefined && auth.TokenEndpointAuthMethod !== 'private_key_jwt')
      context.addIssue({
        code: 'custom',
        path: ['TokenEndpointAuthMethod'],
        message: 'a PrivateKey is only used with TokenEndpointAuthMethod: private_key_jwt',
      });
    const secretMethods = ['client_secret_basic', 'client_secret_post'];
    if (secretMethods.includes(auth.TokenEndpointAuthMethod ?? '') && auth.ClientSecret === undefined && auth.ClientId)
      context.addIssue({
        code: 'custom',
        path: ['ClientSecret'],
        message: `${auth.TokenEndpointAuthMethod} needs the ClientSecret of ClientId`,
      });
    if (auth.Flow === 'CrossAppAccess') {
      if (auth.IdentityProvider === undefined)
        context.addIssue({
          code: 'custom',
          path: ['IdentityProvider'],
          message: 'CrossAppAccess needs IdentityProvider (Issuer or TokenEndpoint, ClientId, IdToken)',
        });
      if (auth.ClientId === undefined || auth.ClientSecret === undefined)
        context.addIssue({
          code: 'custom',
          path: ['ClientId'],
          message:
            'CrossAppAccess needs the ClientId and ClientSecret registered with the MCP server’s authorization server',
        });
    } else if (auth.IdentityProvider !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['IdentityProvider'],
        message: 'IdentityProvider is only used with Flow: CrossAppAccess',
      });
    if (auth.Flow === 'ClientCredentials') {
      if (auth.ClientId === undefined)
        context.addIssue({
          code: 'custom',
          path: ['ClientId'],
          message: 'ClientCredentials needs a pre-registered ClientId (with ClientSecret or PrivateKey)',
        });
      else if (auth.ClientSecret === undefined && auth.PrivateKey === undefined)
        context.addIssue({
          code: 'custom',
          path: ['ClientSecret'],
          message: 'ClientCredentials needs ClientSecret, or PrivateKey with TokenEndpointAuthMethod: private_key_jwt',
        });
    }
  });

export type McpServerAuthSettings = z.output<typeof mcpServerAuthSettingsSchema>;

/** `MCP:Auth`: where the tokens of every server live. */
export const mcpAuthStoreSettingsSchema = z.strictObject({
  TokenStore: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The file of stored tokens and client registrations (owner-only). Absent: ~/.orkeon/mcp-credentials.json.',
    ),
  EncryptionKeySecretName: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Names the secret (32 bytes in base64, `openssl rand -base64 32`) that encrypts the token store with AES-256-GCM. Absent: the file is plain JSON, readable by its owner only.',
    ),
});

export type McpAuthStoreSettings = z.output<typeof mcpAuthStoreSettingsSchema>;
