import { randomBytes } from 'node:crypto';
import { type AuthorizationCallback, type LoopbackRedirect, startLoopbackRedirect } from './loopback-redirect.js';

/** The browser side of a sign-in, as the OAuth provider and the authorized fetch use it. */
export interface McpInteractiveSignIn {
  /** Where the browser comes back; the same for the whole session (a registration binds it). */
  readonly redirectUrl: string;
  /** A fresh `state` for the next authorization request, with a redirect listening for it. */
  nextState(): Promise<string>;
  /** Sends the person to the authorization server (opens a browser, prints the URL). */
  sendToAuthorization(authorizationUrl: URL): Promise<void>;
  /** The browser's return for the latest state. */
  awaitCallback(): Promise<AuthorizationCallback>;
}

export interface LoopbackSignInOptions {
  readonly serverId: string;
  /** 0: any free port, kept for the session. */
  readonly port: number;
  /** Shows the sign-in URL, whether or not a browser opened. */
  readonly print: (line: string) => void;
  /** Opens the URL in a browser; undefined only prints it. */
  readonly openBrowser?: (url: string) => Promise<boolean>;
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
}

/**
 * Sign-ins through a loopback redirect on 127.0.0.1 (RFC 8252): one port for the session, a new
 * listener and `state` for each sign-in, so a step-up to more scopes can ask the person again.
 */
export class LoopbackSignIn implements McpInteractiveSignIn {
  readonly #options: LoopbackSignInOptions;
  #redirect: LoopbackRedirect;
  #state: string;
  #fresh = true;

  private constructor(options: LoopbackSignInOptions, redirect: LoopbackRedirect, state: string) {
    this.#options = options;
    this.#redirect = redirect;
    this.#state = state;
  }

  static async open(options: LoopbackSignInOptions): Promise<LoopbackSignIn> {
    const state = newState();
    return new LoopbackSignIn(options, await startLoopbackRedirect(listen(options, options.port, state)), state);
  }

  get redirectUrl(): string {
    return this.#redirect.redirectUrl;
  }

  async nextState(): Promise<string> {
    if (this.#fresh) {
      this.#fresh = false;
      return this.#state;
    }
    await this.#redirect.close();
    this.#state = newState();
    this.#redirect = await startLoopbackRedirect(
      listen(this.#options, Number(new URL(this.redirectUrl).port), this.#state),
    );
    return this.#state;
  }

  async sendToAuthorization(authorizationUrl: URL): Promise<void> {
    const { openBrowser, print, serverId } = this.#options;
    const opened = openBrowser === undefined ? false : await openBrowser(authorizationUrl.href);
    print(
      opened
        ? `Opened your browser to sign in to '${serverId}'. If it did not open, visit:\n  ${authorizationUrl.href}`
        : `Sign in to '${serverId}' by visiting:\n  ${authorizationUrl.href}`,
    );
  }

  awaitCallback(): Promise<AuthorizationCallback> {
    return this.#redirect.callback;
  }

  close(): Promise<void> {
    return this.#redirect.close();
  }
}

function newState(): string {
  return randomBytes(24).toString('base64url');
}

function listen(options: LoopbackSignInOptions, port: number, state: string) {
  return {
    port,
    state,
    ...(options.timeoutMilliseconds === undefined ? {} : { timeoutMilliseconds: options.timeoutMilliseconds }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}
