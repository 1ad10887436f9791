import { APICallError, RetryError } from 'ai';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import { classifyModelCallFailure, rootCause } from './model-call-failure.js';

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

/** The model's URL cannot be fetched as written (a port fetch blocks, or not an http(s) URL): no retry can mend it. */
export class LlmEndpointError extends LlmError {
  constructor(provider: string, message: string, options: { cause?: unknown; url?: string } = {}) {
    super('LLM_ENDPOINT_INVALID', `The '${provider}' provider cannot be called: ${message}`, {
      cause: options.cause,
      details: { provider, ...(options.url === undefined ? {} : { url: options.url }) },
    });
  }
}

/**
 * Turns whatever a model call threw into an `LlmError` that names the provider, the
 * reason (once) and, where it is a setting, the fix. `attempts` is how many calls
 * were made, when it is more than one.
 */
// `LlmError<string>`: an error passed through may come from a provider package with codes of its own.
export function toLlmError(error: unknown, provider: string, options: { attempts?: number } = {}): LlmError<string> {
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
  const failure = classifyModelCallFailure(last);
  // Below, a failure before any answer has the socket's (or URL parser's) own error as its cause:
  // the SDK's wrapper around it only repeats it after "Cannot connect to API:".
  switch (failure.kind) {
    case 'blocked-port': {
      const port = failure.port === undefined ? 'a port' : `port ${failure.port}`;
      const message = `${failure.url ?? 'the URL'} uses ${port}, which fetch refuses to connect to (it is on the fetch standard's list of blocked ports). Choose another port in Llm:BaseUrl.`;
      return endpointError(provider, message, failure.url, last);
    }
    case 'invalid-url': {
      const message = `${failure.reason}. Set Llm:BaseUrl to an absolute http:// or https:// URL.`;
      return endpointError(provider, message, failure.url, last);
    }
    case 'http': {
      const fix = fixForStatus(failure.statusCode);
      const message = fix === undefined ? failure.detail : `${sentence(failure.detail)} ${fix}`;
      return new LlmProviderError(provider, message, {
        ...(failure.statusCode === undefined ? {} : { statusCode: failure.statusCode }),
        cause: last,
      });
    }
    case 'network': {
      const attempts = (options.attempts ?? 1) > 1 ? `${options.attempts} attempts` : undefined;
      const notes = [failure.networkCode, attempts].filter((note) => note !== undefined);
      const fix =
        failure.networkCode === 'ENOTFOUND' || failure.networkCode === 'EAI_AGAIN'
          ? 'Check the host name in Llm:BaseUrl and the network.'
          : 'Check that the server is running and that Llm:BaseUrl points to it.';
      const message = `${failure.reason}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}. ${fix}`;
      return new LlmProviderError(provider, message, { cause: rootCause(last) });
    }
    default:
      return new LlmProviderError(provider, failure.reason, { cause: last });
  }
}

function endpointError(provider: string, message: string, url: string | undefined, error: unknown): LlmEndpointError {
  return new LlmEndpointError(provider, message, { cause: rootCause(error), ...(url === undefined ? {} : { url }) });
}

/** What to check when the provider refuses who calls: a wrong key, or a key without access. */
function fixForStatus(status: number | undefined): string | undefined {
  if (status === 401)
    return 'The provider refused the credentials: check Llm:ApiKey (or SVC_Llm__ApiKey) and that Llm:BaseUrl is the service the key is for.';
  if (status === 403)
    return 'The provider refused access: check that the key in Llm:ApiKey may use Llm:Model at Llm:BaseUrl.';
  return undefined;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
