import type { FetchLike } from '@modelcontextprotocol/client';
import type { McpServeAuthSettings } from '../../settings/mcp-serve-auth-settings.js';
import type { McpCaller } from '../dual-era-dispatcher.js';
import { McpServerError } from '../mcp-server-error.js';
import { type BearerTokenVerifier, createBearerVerifier, InvalidTokenError } from './bearer-token-verifier.js';

/** The outcome of a request's `Authorization` header. */
export type Authentication =
  | { readonly ok: true; readonly caller: McpCaller }
  | { readonly ok: false; readonly status: 401 | 403; readonly challenge: string; readonly message: string };

/**
 * The MCP endpoint as an OAuth 2.1 protected resource: its metadata (RFC 9728) names the issuer
 * and the two scopes, every request needs a bearer token the issuer gave for this resource, and
 * the token's scopes choose the tools (the read scope: Read tools only; the write scope: all).
 * Challenges follow RFC 6750 with `resource_metadata`, so MCP clients find the issuer by themselves.
 */
export class ResourceProtection {
  readonly resource: string;
  /** Where the metadata is served: the path-inserted well-known URL (RFC 9728 §3.1) and the root one. */
  readonly metadataPaths: readonly string[];
  readonly metadataUrl: string;
  readonly #auth: McpServeAuthSettings;
  readonly #verifier: BearerTokenVerifier;

  private constructor(auth: McpServeAuthSettings, resource: string, verifier: BearerTokenVerifier) {
    this.#auth = auth;
    this.resource = resource;
    this.#verifier = verifier;
    const url = new URL(resource);
    const suffix = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
    const inserted = `/.well-known/oauth-protected-resource${suffix}`;
    this.metadataPaths = [...new Set([inserted, '/.well-known/oauth-protected-resource'])];
    this.metadataUrl = new URL(inserted, url.origin).href;
  }

  /** Reads the issuer's metadata when the settings need it; an issuer that cannot be used stops the start. */
  static async create(
    auth: McpServeAuthSettings,
    listeningUrl: string,
    fetch?: FetchLike,
  ): Promise<ResourceProtection> {
    const host = new URL(listeningUrl).hostname;
    if (auth.Resource === undefined && (host === '0.0.0.0' || host === '[::]'))
      throw new McpServerError(
        'MCP_SERVE_AUTH_INVALID',
        `The server listens on every interface (${listeningUrl}) and cannot know the name clients reach it by: set MCP:Serve:Auth:Resource to its public URL, e.g. https://tools.example.com/mcp.`,
      );
    const resource = auth.Resource ?? listeningUrl;
    const verifier = await createBearerVerifier({
      auth,
      audience: auth.Audience ?? resource,
      ...(fetch === undefined ? {} : { fetch }),
    });
    return new ResourceProtection(auth, resource, verifier);
  }

  get metadata(): Record<string, unknown> {
    return {
      resource: this.resource,
      authorization_servers: [this.#auth.Issuer],
      scopes_supported: [this.#auth.ReadScope, this.#auth.WriteScope],
      bearer_methods_supported: ['header'],
      resource_name: 'Orkeon',
    };
  }

  async authenticate(authorization: string | undefined): Promise<Authentication> {
    const { ReadScope, WriteScope } = this.#auth;
    const token = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined)
      return {
        ok: false,
        status: 401,
        challenge: this.#challenge({ scope: ReadScope }),
        message:
          authorization === undefined
            ? 'Unauthorized: send a bearer token from the authorization server this resource names.'
            : 'Unauthorized: the Authorization header is not a bearer token.',
      };
    try {
      const { scopes } = await this.#verifier.verify(token);
      if (scopes.includes(WriteScope)) return { ok: true, caller: { tools: 'all' } };
      if (scopes.includes(ReadScope)) return { ok: true, caller: { tools: 'read' } };
      return {
        ok: false,
        status: 403,
        challenge: this.#challenge({ error: 'insufficient_scope', scope: ReadScope }),
        message: `Forbidden: the token grants neither ${ReadScope} nor ${WriteScope}.`,
      };
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      return {
        ok: false,
        status: 401,
        challenge: this.#challenge({ error: 'invalid_token', description: error.message }),
        message: `Unauthorized: ${error.message}.`,
      };
    }
  }

  /** The step-up challenge for a tool call that needs more than the read scope. */
  get writeChallenge(): string {
    return this.#challenge({ error: 'insufficient_scope', scope: `${this.#auth.ReadScope} ${this.#auth.WriteScope}` });
  }

  #challenge(parts: { error?: string; description?: string; scope?: string }): string {
    const fields = [
      parts.error === undefined ? undefined : `error="${parts.error}"`,
      parts.description === undefined ? undefined : `error_description="${parts.description.replace(/["\\]/g, '')}"`,
      parts.scope === undefined ? undefined : `scope="${parts.scope}"`,
      `resource_metadata="${this.metadataUrl}"`,
    ].filter((field) => field !== undefined);
    return `Bearer ${fields.join(', ')}`;
  }
}
