import type { LanguageModelV4 } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { LlmRateLimitError, LlmTimeoutError, toLlmError } from './llm-errors.js';

/** The longest wait between two attempts, whatever the server asks. */
export const maximumRetryDelayMilliseconds = 30_000;

export interface RetryPolicy {
  readonly provider: string;
  /** Retries after the first attempt (`Llm:MaxRetries`). */
  readonly maxRetries: number;
  /** Time limit of one attempt until the response starts (`Llm:TimeoutSeconds`). */
  readonly timeoutSeconds: number;
}

/**
 * The model with Orkeon's retry rules: 408, 429, 5xx and network errors are retried
 * up to `maxRetries` times, waiting what `Retry-After` asks (capped at 30 s) or
 * 1 s, 2 s, then three times longer each time (capped at 30 s). A timeout is
 * retried once. Only the call that opens a response is retried: once a stream has
 * started, nothing is sent again, so no output is ever shown twice. A caller's
 * abort is never retried.
 */
export function withRetries(model: LanguageModelV4, policy: RetryPolicy): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) =>
      callWithRetries(policy, options.abortSignal, (abortSignal) => model.doGenerate({ ...options, abortSignal })),
    doStream: (options) =>
      callWithRetries(policy, options.abortSignal, (abortSignal) => model.doStream({ ...options, abortSignal })),
  };
}

async function callWithRetries<T>(
  policy: RetryPolicy,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  let timeoutsRetried = 0;
  for (let attempt = 1; ; attempt++) {
    const timer = new AbortController();
    const handle = setTimeout(
      () => timer.abort(new LlmTimeoutError(policy.provider, policy.timeoutSeconds)),
      policy.timeoutSeconds * 1000,
    );
    const signal = callerSignal === undefined ? timer.signal : AbortSignal.any([callerSignal, timer.signal]);
    try {
      return await call(signal);
    } catch (error) {
      if (callerSignal?.aborted === true) throw error;
      const timedOut = timer.signal.aborted;
      const retriesLeft = attempt <= policy.maxRetries;
      if (timedOut) {
        if (!retriesLeft || timeoutsRetried >= 1) throw new LlmTimeoutError(policy.provider, policy.timeoutSeconds);
        timeoutsRetried++;
        continue;
      }
      if (!retriesLeft || !isRetryable(error)) throw finalError(error, policy.provider, attempt);
      await sleep(retryDelay(error, attempt), callerSignal);
    } finally {
      clearTimeout(handle);
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  const status = error.statusCode;
  return error.isRetryable || status === 408 || status === 429 || (status !== undefined && status >= 500);
}

function finalError(error: unknown, provider: string, attempts: number): Error {
  if (APICallError.isInstance(error) && error.statusCode === 429) {
    const reason = toLlmError(error, provider).message.replace(/^The '.*?' provider failed \(HTTP 429\): /, '');
    return new LlmRateLimitError(provider, reason, { cause: error, attempts });
  }
  return toLlmError(error, provider);
}

/** What `Retry-After` (or `retry-after-ms`) asks, capped; otherwise 1 s, 2 s, then ×3. */
export function retryDelay(error: unknown, attempt: number): number {
  const headers = APICallError.isInstance(error) ? (error.responseHeaders ?? {}) : {};
  const asked = requestedDelay(headers);
  if (asked !== undefined) return Math.min(Math.max(asked, 0), maximumRetryDelayMilliseconds);
  const backoff = attempt <= 2 ? attempt * 1000 : 2000 * 3 ** (attempt - 2);
  return Math.min(backoff, maximumRetryDelayMilliseconds);
}

function requestedDelay(headers: Record<string, string | undefined>): number | undefined {
  const milliseconds = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds)) return milliseconds;
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? date - Date.now() : undefined;
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const handle = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
