import { discoverAuthorizationServerMetadata, type FetchLike } from '@modelcontextprotocol/client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { McpServeAuthSettings } from '../../settings/mcp-serve-auth-settings.js';
import { McpServerError } from '../mcp-server-error.js';

/** What a valid bearer token grants. */
export interface VerifiedToken {
  readonly scopes: readonly string[];
  readonly subject?: string;
  readonly clientId?: string;
}

/** Checks a bearer token; throws `InvalidTokenError` for one this server must refuse. */
export interface BearerTokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

/** A token refused: expired, for another audience, not from the issuer, unknown. The reason goes to the client. */
export class InvalidTokenError extends Error {}

export interface BearerVerifierOptions {
  readonly auth: McpServeAuthSettings;
  /** The audience a token must carry: `Audience`, else the resource URL. */
  readonly audience: string;
  readonly fetch?: FetchLike;
}

/**
 * The verifier `MCP:Serve:Auth` describes. The issuer's metadata (RFC 8414, via the MCP SDK) is read
 * once at start when the key set or the introspection endpoint is not configured, so a wrong issuer
 * stops the start instead of refusing every client later.
 */
export async function createBearerVerifier(options: BearerVerifierOptions): Promise<BearerTokenVerifier> {
  const { auth } = options;
  const fetch = options.fetch ?? globalThis.fetch;
  const needsMetadata = auth.Validation === 'Jwt' ? auth.JwksUrl === undefined : auth.IntrospectionUrl === undefined;
  const metadata = needsMetadata ? await issuerMetadata(auth.Issuer, fetch) : undefined;
  if (auth.Validation === 'Jwt') {
    const jwks = auth.JwksUrl ?? metadata?.jwks_uri;
    if (jwks === undefined)
      throw new McpServerError(
        'MCP_SERVE_AUTH_INVALID',
        `The issuer ${auth.Issuer} publishes no jwks_uri: set MCP:Serve:Auth:JwksUrl, or Validation: Introspection.`,
      );
    return jwtVerifier(auth.Issuer, options.audience, new URL(jwks));
  }
  const endpoint = auth.IntrospectionUrl ?? metadata?.introspection_endpoint;
  if (endpoint === undefined)
    throw new McpServerError(
      'MCP_SERVE_AUTH_INVALID',
      `The issuer ${auth.Issuer} publishes no introspection_endpoint: set MCP:Serve:Auth:IntrospectionUrl, or Validation: Jwt.`,
    );
  return introspectionVerifier(auth, options.audience, endpoint, fetch);
}

async function issuerMetadata(issuer: string, fetch: FetchLike) {
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: fetch }).catch((error: Error) => {
    throw new McpServerError(
      'MCP_SERVE_AUTH_INVALID',
      `Cannot read the metadata of MCP:Serve:Auth:Issuer ${issuer}: ${error.message}. Check the issuer URL, or set JwksUrl / IntrospectionUrl.`,
      { cause: error },
    );
  });
  if (metadata === undefined)
    throw new McpServerError(
      'MCP_SERVE_AUTH_INVALID',
      `MCP:Serve:Auth:Issuer ${issuer} publishes no authorization-server metadata: set JwksUrl (Jwt) or IntrospectionUrl (Introspection).`,
    );
  return metadata as typeof metadata & { jwks_uri?: string; introspection_endpoint?: string };
}

/** A JWT access token (RFC 9068): signature by the issuer's keys (cached, refetched on rotation), issuer, audience, expiry. */
function jwtVerifier(issuer: string, audience: string, jwks: URL): BearerTokenVerifier {
  const keys = createRemoteJWKSet(jwks);
  // Issuers are written with and without a trailing slash; the metadata check at start allows both.
  const bare = issuer.replace(/\/+$/, '');
  const issuers = [...new Set([issuer, bare, `${bare}/`])];
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: issuers, audience, requiredClaims: ['exp'] });
        return {
          scopes: scopesOf(payload.scope ?? payload.scp),
          ...(payload.sub === undefined ? {} : { subject: payload.sub }),
          ...(typeof payload.client_id === 'string' ? { clientId: payload.client_id } : {}),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(describeJoseFailure(error));
        throw error;
      }
    },
  };
}

/** An opaque token, asked about at the issuer (RFC 7662): active, this audience, not expired. */
function introspectionVerifier(
  auth: McpServeAuthSettings,
  audience: string,
  endpoint: string,
  fetch: FetchLike,
): BearerTokenVerifier {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (auth.ClientId !== undefined)
    headers.authorization = `Basic ${Buffer.from(
      `${encodeURIComponent(auth.ClientId)}:${encodeURIComponent(auth.ClientSecret ?? '')}`,
    ).toString('base64')}`;
  return {
    async verify(token) {
      const response = await fetch(endpoint, { method: 'POST', headers, body: new URLSearchParams({ token }) });
      // RFC 7662 answers 200 with active:false for a bad token; some servers answer 401 instead.
      const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.status >= 500) throw new Error(`the introspection endpoint answered HTTP ${response.status}`);
      if (answer.active !== true) throw new InvalidTokenError('the token is not active');
      const audiences = [answer.aud ?? []].flat().map(String);
      if (!audiences.some((value) => sameResource(value, audience)))
        throw new InvalidTokenError(`the token is not for this server (audience ${audiences.join(', ') || 'none'})`);
      if (typeof answer.iss === 'string' && !sameResource(answer.iss, auth.Issuer))
        throw new InvalidTokenError('the token is from another issuer');
      if (typeof answer.exp === 'number' && answer.exp * 1000 <= Date.now())
        throw new InvalidTokenError('the token expired');
      return {
        scopes: scopesOf(answer.scope),
        ...(typeof answer.sub === 'string' ? { subject: answer.sub } : {}),
        ...(typeof answer.client_id === 'string' ? { clientId: answer.client_id } : {}),
      };
    },
  };
}

function scopesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

/** URLs compare without a trailing slash (issuers and resources are written both ways); other strings exactly. */
function sameResource(a: string, b: string): boolean {
  return a === b || a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function describeJoseFailure(error: InstanceType<typeof joseErrors.JOSEError>): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `the token's ${error.claim} claim is not accepted here`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token is not signed by the issuer';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'no key of the issuer signed the token';
  return 'the token is not a valid JWT from the issuer';
}
