import {
  type AddClientAuthentication,
  createPrivateKeyJwtAuth,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { McpServerAuthSettings } from '../../settings/mcp-auth-settings.js';
import { McpClientError } from '../mcp-client-error.js';
import type { McpInteractiveSignIn } from './loopback-sign-in.js';
import type { McpStoredCredentials, McpTokenStore } from './mcp-token-store.js';

/** A redirect URL for runs, which never redirect: the SDK needs one to take the authorization-code path. */
const notListening = 'http://127.0.0.1/callback';

export interface McpOAuthProviderOptions {
  readonly serverId: string;
  readonly serverUrl: string;
  readonly auth: McpServerAuthSettings;
  readonly store: McpTokenStore;
  /** Given: the sign-in may send a person to the authorization server. Absent: a run, which may only use or refresh tokens. */
  readonly interactive?: McpInteractiveSignIn;
}

/**
 * The MCP SDK's OAuth client for one `MCP:Servers` entry: the SDK discovers, registers, runs PKCE,
 * refreshes and checks issuers and resource indicators; this class says who the client is (settings)
 * and keeps what must outlive the process (tokens, a dynamic registration) in the token store.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  readonly #options: McpOAuthProviderOptions;
  #record: McpStoredCredentials | undefined;
  #loaded = false;
  #codeVerifier: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;
  readonly addClientAuthentication?: AddClientAuthentication;
  /** An https URL publishing this client's metadata document, used as client_id where the server supports it. */
  readonly clientMetadataUrl?: string;

  constructor(options: McpOAuthProviderOptions) {
    this.#options = options;
    const { auth } = options;
    if (auth.ClientMetadataUrl !== undefined) this.clientMetadataUrl = auth.ClientMetadataUrl;
    if (auth.TokenEndpointAuthMethod === 'private_key_jwt' && auth.PrivateKey !== undefined && auth.ClientId)
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: auth.ClientId,
        subject: auth.ClientId,
        privateKey: auth.PrivateKey,
        alg: auth.SigningAlgorithm,
      });
  }

  get #clientCredentials(): boolean {
    return this.#options.auth.Flow === 'ClientCredentials';
  }

  get redirectUrl(): string | undefined {
    if (this.#clientCredentials) return undefined;
    return this.#options.interactive?.redirectUrl ?? this.#record?.redirectUrl ?? notListening;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { auth } = this.#options;
    const redirect = this.redirectUrl;
    return {
      client_name: auth.ClientName,
      redirect_uris: redirect === undefined ? [] : [redirect],
      grant_types: this.#clientCredentials ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: this.#clientCredentials ? [] : ['code'],
      token_endpoint_auth_method:
        auth.TokenEndpointAuthMethod ?? (auth.ClientSecret === undefined ? 'none' : 'client_secret_basic'),
      ...(auth.Scopes === undefined ? {} : { scope: auth.Scopes.join(' ') }),
    };
  }

  async state(): Promise<string> {
    return (await this.#options.interactive?.nextState()) ?? '';
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const { auth } = this.#options;
    if (auth.ClientId !== undefined)
      return {
        client_id: auth.ClientId,
        ...(auth.ClientSecret === undefined ? {} : { client_secret: auth.ClientSecret }),
        ...(auth.TokenEndpointAuthMethod === undefined
          ? {}
          : { token_endpoint_auth_method: auth.TokenEndpointAuthMethod }),
        ...(auth.AuthorizationServer === undefined ? {} : { issuer: auth.AuthorizationServer }),
      };
    return (await this.#read())?.clientInformation as StoredOAuthClientInformation | undefined;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    // A pre-registered client lives in settings; only a registration made here is stored.
    if (this.#options.auth.ClientId !== undefined) return;
    await this.#write({ clientInformation: { ...clientInformation } });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.#read())?.tokens as StoredOAuthTokens | undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.#write({ tokens: { ...tokens } });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.#options.interactive === undefined) throw this.#loginRequired(authorizationUrl.searchParams.get('scope'));
    await this.#options.interactive.sendToAuthorization(authorizationUrl);
  }

  /**
   * A run with nothing stored for a sign-in flow stops before discovery: registering a client that
   * no one will sign in with would only leave a stray registration behind.
   */
  async assertAuthorizable(): Promise<void> {
    if (this.#options.interactive !== undefined || this.#clientCredentials) return;
    if ((await this.tokens()) === undefined) throw this.#loginRequired();
  }

  /** Names the scope the server asked for, so that a step-up sign-in asks for it too. */
  #loginRequired(scope?: string | null): McpClientError {
    const { serverId } = this.#options;
    const login = scope ? `orkeon mcp login ${serverId} --scope "${scope}"` : `orkeon mcp login ${serverId}`;
    return new McpClientError(
      'MCP_AUTH_LOGIN_REQUIRED',
      `MCP server '${serverId}' needs you to sign in (no stored token it accepts, or one without the scope it now asks for). Run \`${login}\`, then run again.`,
      { details: { serverId, ...(scope ? { scope } : {}) } },
    );
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined)
      throw new McpClientError(
        'MCP_AUTH_FAILED',
        'A sign-in callback arrived without a sign-in started in this process.',
      );
    return this.#codeVerifier;
  }

  // The discovery is kept for the round trip through the browser: the SDK checks that the code
  // is redeemed at the authorization server that issued it.
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.#clientCredentials) return undefined;
    const parameters = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) parameters.set('scope', scope);
    return parameters;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier' || scope === 'all') this.#codeVerifier = undefined;
    if (scope === 'discovery' || scope === 'all') this.#discovery = undefined;
    if (scope === 'tokens' || scope === 'all') await this.#write({ tokens: undefined });
    if (scope === 'client' || scope === 'all') await this.#write({ clientInformation: undefined });
  }

  /** The stored record, when it was obtained for this server's URL: credentials never cross to another resource. */
  async #read(): Promise<McpStoredCredentials | undefined> {
    if (!this.#loaded) {
      const record = await this.#options.store.read(this.#options.serverId);
      this.#record = record?.serverUrl === this.#options.serverUrl ? record : undefined;
      this.#loaded = true;
    }
    return this.#record;
  }

  async #write(change: {
    tokens?: McpStoredCredentials['tokens'] | undefined;
    clientInformation?: McpStoredCredentials['clientInformation'] | undefined;
  }): Promise<void> {
    const current = await this.#read();
    const tokens = 'tokens' in change ? change.tokens : current?.tokens;
    const clientInformation = 'clientInformation' in change ? change.clientInformation : current?.clientInformation;
    const redirectUrl = this.#options.interactive?.redirectUrl ?? current?.redirectUrl;
    const next: Omit<McpStoredCredentials, 'savedAt'> = {
      serverUrl: this.#options.serverUrl,
      ...(tokens === undefined ? {} : { tokens }),
      ...(clientInformation === undefined ? {} : { clientInformation }),
      ...(redirectUrl === undefined ? {} : { redirectUrl }),
    };
    await this.#options.store.write(this.#options.serverId, next);
    this.#record = { ...next, savedAt: new Date().toISOString() };
  }
}
