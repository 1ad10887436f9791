import { A2AClientError } from './a2a-client-error.js';

/** A time-limit option under its name and its deprecated `…Ms` spelling. */
export interface TimeoutOptions {
  readonly timeoutMilliseconds?: number;
  readonly timeoutMs?: number;
}

/**
 * The time limit `options` give, in milliseconds: `timeoutMilliseconds`, else the deprecated
 * `timeoutMs`. Both with different values is refused: which one was meant cannot be told.
 */
export function timeoutOf(options: TimeoutOptions, where: string): number | undefined {
  const { timeoutMilliseconds, timeoutMs } = options;
  if (timeoutMilliseconds !== undefined && timeoutMs !== undefined && timeoutMilliseconds !== timeoutMs) {
    throw new A2AClientError(
      'A2A_CLIENT_CONFIGURATION_INVALID',
      `${where} sets timeoutMilliseconds (${timeoutMilliseconds}) and its deprecated spelling timeoutMs (${timeoutMs}): keep timeoutMilliseconds only.`,
    );
  }
  return timeoutMilliseconds ?? timeoutMs;
}
