import { EventHubError, type HubWaitTimeout } from '@orkeon/core';

/** The deadline of a wait (`undefined`: forever), or `EVENT_HUB_TIMEOUT_INVALID` for a time-out that cannot be one. */
export function deadlineOf(timeout: HubWaitTimeout, now = Date.now()): number | undefined {
  if (timeout === 'forever') return undefined;
  const milliseconds = (timeout as { milliseconds?: unknown } | undefined)?.milliseconds;
  if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds) || milliseconds < 0)
    throw new EventHubError(
      'EVENT_HUB_TIMEOUT_INVALID',
      `The wait time-out ${JSON.stringify(timeout)} is not valid: give { milliseconds: n } with n a finite number of 0 or more, or 'forever'.`,
    );
  return now + milliseconds;
}

/** A request's time-out: mandatory, finite and above 0 (a request never waits forever). */
export function requestDeadline(timeoutMs: unknown, now = Date.now()): number {
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new EventHubError(
      'EVENT_HUB_TIMEOUT_INVALID',
      `A request's timeoutMs of ${String(timeoutMs)} is not valid: give a finite number of milliseconds above 0; a request never waits forever.`,
    );
  return now + timeoutMs;
}
