import type { LanguageModelV4 } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { LlmRateLimitError, LlmTimeoutError, toLlmError } from './llm-errors.js';
import { classifyModelCallFailure } from './model-call-failure.js';

/** The longest wait between two attempts, whatever the server asks. */
export const maximumRetryDelayMilliseconds = 30_000;

export interface RetryPolicy {
  readonly provider: string;
  /** Retries after the first attempt (`Llm:MaxRetries`). */
  readonly maxRetries: number;
  /** Time limit of one attempt until the response starts (`Llm:TimeoutSeconds`). */
  readonly timeoutSeconds: number;
  /** Hears each retry before its wait begins. */
  readonly onRetry?: (retry: ModelRetry) => void;
  /** Waits between attempts; rejects with the signal's reason when it aborts. Default: a timer. */
  readonly sleep?: (milliseconds: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** A failed attempt that is about to be retried. */
export interface ModelRetry {
  readonly provider: string;
  /** The model id. */
  readonly model: string;
  /** Which retry comes, from 1. */
  readonly retry: number;
  /** The most retries of the call (`Llm:MaxRetries`). */
  readonly maxRetries: number;
  /** The wait before the retry. */
  readonly delayMs: number;
  /** What failed, short: `connection refused at http://127.0.0.1:5999/v1/chat/completions`, `HTTP 503: overloaded`. */
  readonly reason: string;
  readonly statusCode?: number;
}

/**
 * The model with Orkeon's retry rules: 408, 429, 5xx and network errors are retried
 * up to `maxRetries` times, waiting what `Retry-After` asks (capped at 30 s) or
 * 1 s, 2 s, then three times longer each time (capped at 30 s). A timeout is
 * retried once. Only the call that opens a response is retried: once a stream has
 * started, nothing is sent again, so no output is ever shown twice. A caller's
 * abort is never retried, nor is what waiting cannot mend: a URL fetch refuses (a
 * blocked port, an invalid URL) or an answer such as 400, 401 or 403. Each retry
 * is told to `onRetry` before its wait.
 */
export function withRetries(model: LanguageModelV4, policy: RetryPolicy): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) =>
      callWithRetries(policy, model.modelId, options.abortSignal, (abortSignal) =>
        model.doGenerate({ ...options, abortSignal }),
      ),
    doStream: (options) =>
      callWithRetries(policy, model.modelId, options.abortSignal, (abortSignal) =>
        model.doStream({ ...options, abortSignal }),
      ),
  };
}

async function callWithRetries<T>(
  policy: RetryPolicy,
  modelId: string,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  const wait = policy.sleep ?? sleep;
  const report = (retry: number, delayMs: number, reason: string, statusCode: number | undefined) =>
    policy.onRetry?.({
      provider: policy.provider,
      model: modelId,
      retry,
      maxRetries: policy.maxRetries,
      delayMs,
      reason,
      ...(statusCode === undefined ? {} : { statusCode }),
    });
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
        report(attempt, 0, `no answer within ${policy.timeoutSeconds} s (Llm:TimeoutSeconds)`, undefined);
        continue;
      }
      const failure = classifyModelCallFailure(error);
      if (!retriesLeft || !failure.retryable) throw finalError(error, policy.provider, attempt);
      const delay = retryDelay(error, attempt);
      report(attempt, delay, failure.reason, failure.statusCode);
      await wait(delay, callerSignal);
    } finally {
      clearTimeout(handle);
    }
  }
}

function finalError(error: unknown, provider: string, attempts: number): Error {
  if (APICallError.isInstance(error) && error.statusCode === 429) {
    return new LlmRateLimitError(provider, classifyModelCallFailure(error).detail, { cause: error, attempts });
  }
  return toLlmError(error, provider, { attempts });
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
