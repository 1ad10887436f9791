import { APICallError, RetryError } from 'ai';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * A model call that failed. `code` tells the kind; the message carries the provider's reason.
 * Generic so provider packages type their subclasses with their own registry's codes.
 */
export class LlmError<Code extends string = CoreErrorCode> extends OrkeonError<Code> {}

/** No API key: every call of a provider that needs one fails with this. */
export class MissingApiKeyError extends LlmError {
  constructor(provider: string, options: { secretNameOnly?: boolean } = {}) {
    const secretName = options.secretNameOnly
      ? ' Llm:ApiKeySecretName is only recorded and never resolved; a host that keeps keys in a secret store assigns Llm:ApiKey itself.'
      : '';
    super(
      'LLM_API_KEY_MISSING',
      `An API key is required for the '${provider}' provider: set Llm:ApiKey (or the environment variable SVC_Llm__ApiKey).${secretName}`,
      { details: { provider } },
    );
  }
}

/** The provider answered with an error (after any retries). */
export class LlmProviderError extends LlmError {
  readonly statusCode: number | undefined;

  constructor(
    provider: string,
    message: string,
    options: { statusCode?: number; cause?: unknown; code?: CoreErrorCode } = {},
  ) {
    const status = options.statusCode === undefined ? '' : ` (HTTP ${options.statusCode})`;
    super(options.code ?? 'LLM_PROVIDER_FAILED', `The '${provider}' provider failed${status}: ${message}`, {
      cause: options.cause,
      details: { provider, statusCode: options.statusCode },
    });
    this.statusCode = options.statusCode;
  }
}

/** The provider kept answering 429 until the retries ran out. */
export class LlmRateLimitError extends LlmProviderError {
  constructor(provider: string, message: string, options: { cause?: unknown; attempts: number }) {
    super(
      provider,
      `${message} (still rate limited after ${options.attempts} attempt(s); lower the request rate or raise Llm:MaxRetries)`,
      {
        statusCode: 429,
        cause: options.cause,
        code: 'LLM_RATE_LIMITED',
      },
    );
  }
}

/** A model call took longer than `Llm:TimeoutSeconds`. */
export class LlmTimeoutError extends LlmError {
  constructor(provider: string, seconds: number) {
    super(
      'LLM_TIMEOUT',
      `The '${provider}' model call timed out after ${seconds} s (Llm:TimeoutSeconds). Raise it for slow or reasoning models.`,
      { details: { provider, seconds } },
    );
  }
}

/** Turns whatever a model call threw into an `LlmError` that names the provider and the reason. */
// `LlmError<string>`: an error passed through may come from a provider package with codes of its own.
export function toLlmError(error: unknown, provider: string): LlmError<string> {
  if (LlmError.isInstance(error)) return error;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (LlmError.isInstance(last)) return last;
  if (
    APICallError.isInstance(last) &&
    last.statusCode !== undefined &&
    last.statusCode < 300 &&
    last.cause !== undefined
  ) {
    // The answer started fine and broke while streaming: the cause says why, not the 200 status.
    const cause = last.cause instanceof Error ? last.cause.message : String(last.cause);
    return new LlmProviderError(provider, `the answer broke off while streaming: ${cause}`, { cause: last });
  }
  if (APICallError.isInstance(last)) {
    const reason = providerReason(last);
    return new LlmProviderError(provider, reason, {
      ...(last.statusCode === undefined ? {} : { statusCode: last.statusCode }),
      cause: last,
    });
  }
  const message = last instanceof Error ? last.message : String(last);
  return new LlmProviderError(provider, message, { cause: last });
}

function providerReason(error: APICallError): string {
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'object' && typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the SDK's own message says enough.
  }
  return error.message;
}
