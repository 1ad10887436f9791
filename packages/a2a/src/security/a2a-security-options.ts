import type { Logger } from '@orkeon/core';
import type { SecretListProvider } from './credential-validator.js';

/** @experimental SVCEXP001 */
export interface A2ASecurityOptions {
  readonly logger: Logger;
  /** Current API keys, read on every request (rotation); default: `ApiKey:Keys` of the settings. */
  readonly apiKeys?: SecretListProvider;
  /** Current opaque bearer tokens, read on every request; default: `Bearer:Tokens` of the settings. */
  readonly bearerTokens?: SecretListProvider;
  /** The clock certificate validity is judged with; default `Date.now`. */
  readonly now?: () => number;
}
