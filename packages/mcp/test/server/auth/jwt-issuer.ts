import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What a minted token says; everything but the scope has a default that the server accepts. */
export interface TokenClaims {
  /** Space-separated, as in an access token's `scope` claim; absent: no scope claim. */
  readonly scope?: string;
  readonly audience: string;
  /** Negative: already expired. Default 300. */
  readonly expiresInSeconds?: number;
  /** Default the issuer's own identifier. */
  readonly issuer?: string;
  /** 'foreign': signed by a key the issuer does not publish (with the same key id). */
  readonly key?: 'issuer' | 'foreign';
}

export interface JwtIssuer {
  /** The issuer identifier, `http://127.0.0.1:<port>` (no trailing slash, as `iss` carries it). */
  readonly issuer: string;
  readonly jwksUrl: string;
  /** Requests the issuer answered, by path: `/jwks` and the metadata are read by the server under test. */
  readonly requests: string[];
  sign(claims: TokenClaims): Promise<string>;
  close(): Promise<void>;
}

const keyId = 'test-key-1';

/**
 * A small OAuth authorization server for tests: RFC 8414 metadata (the fields the MCP SDK's
 * `discoverAuthorizationServerMetadata` requires), a JWKS with one RS256 key, and `sign` to mint
 * JWT access tokens (RFC 9068). Its authorize and token endpoints are named, not served.
 */
export async function startJwtIssuer(): Promise<JwtIssuer> {
  const own = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(own.publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const requests: string[] = [];
  let issuer = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/oauth-authorization-server')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['mcp:read', 'mcp:write'],
      });
    if (path === '/jwks') return json(200, { keys: [publicJwk] });
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(claims: TokenClaims): Promise<string> {
    const key = claims.key === 'foreign' ? foreign.privateKey : own.privateKey;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims.scope === undefined ? {} : { scope: claims.scope })
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'at+jwt' })
      .setIssuer(claims.issuer ?? issuer)
      .setAudience(claims.audience)
      .setSubject('test-user')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (claims.expiresInSeconds ?? 300));
    return jwt.sign(key);
  }

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    requests,
    sign,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
