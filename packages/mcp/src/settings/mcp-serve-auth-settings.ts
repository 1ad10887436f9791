import { z } from 'zod';

/** How `orkeon mcp serve --http` checks a bearer token: a signed JWT against the issuer's keys, or by asking the issuer. */
export const tokenValidations = ['Jwt', 'Introspection'] as const;

const scope = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'a scope is printable ASCII without spaces or quotes');

/** `MCP:Serve:Auth`: the HTTP server as an OAuth 2.1 protected resource (RFC 9728). */
export const mcpServeAuthSettingsSchema = z
  .strictObject({
    Issuer: z
      .url({ protocol: /^https?$/ })
      .describe('The authorization server that issues tokens for this server (its issuer identifier).'),
    Resource: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        'This endpoint’s public URL, as clients reach it (e.g. https://mcp.example.com/mcp): the resource of the metadata and the audience tokens must name. Absent: the URL the server listens on.',
      ),
    Audience: z
      .string()
      .min(1)
      .optional()
      .describe('The audience a token must carry, when the issuer names this server otherwise than by Resource.'),
    Validation: z
      .enum(tokenValidations)
      .default('Jwt')
      .describe(
        'Jwt: a signed token checked with the issuer’s published keys (JWKS), offline. Introspection: each token is asked about at the issuer’s introspection endpoint (RFC 7662).',
      ),
    JwksUrl: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Jwt: the issuer’s key set. Absent: jwks_uri of its metadata.'),
    IntrospectionUrl: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Introspection: the endpoint. Absent: introspection_endpoint of the issuer’s metadata.'),
    ClientId: z
      .string()
      .min(1)
      .optional()
      .describe('Introspection: this server’s client id at the issuer, when it asks for one.'),
    ClientSecret: z
      .string()
      .min(1)
      .optional()
      .describe('Introspection: its secret (SVC_MCP__Serve__Auth__ClientSecret).'),
    ReadScope: scope.default('mcp:read').describe('The scope that shows and runs the Read tools only.'),
    WriteScope: scope.default('mcp:write').describe('The scope that shows and runs every served tool.'),
  })
  .superRefine((auth, context) => {
    if (auth.ClientSecret !== undefined && auth.ClientId === undefined)
      context.addIssue({
        code: 'custom',
        path: ['ClientSecret'],
        message: 'a ClientSecret needs the ClientId it belongs to',
      });
    if (auth.ReadScope === auth.WriteScope)
      context.addIssue({ code: 'custom', path: ['WriteScope'], message: 'WriteScope must differ from ReadScope' });
  });

export type McpServeAuthSettings = z.output<typeof mcpServeAuthSettingsSchema>;
