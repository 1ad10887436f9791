import { EventHubError, type HubWaitTimeout } from '@orkeon/core';
import { z } from 'zod';

export const waitFields = {
  timeout_ms: z
    .int()
    .min(0)
    .optional()
    .describe('How long to wait, in milliseconds. Give exactly one of timeout_ms and wait_forever.'),
  wait_forever: z
    .literal(true)
    .optional()
    .describe(
      'Wait until a message comes (bounded by the tool call limit). Give exactly one of timeout_ms and wait_forever.',
    ),
};

/** The wait a tool call asks for: exactly one of `timeout_ms` and `wait_forever`, the former within the limit. */
export function waitTimeoutOf(
  input: { readonly timeout_ms?: number | undefined; readonly wait_forever?: true | undefined },
  maxMilliseconds: number,
): HubWaitTimeout {
  const hasTimeout = input.timeout_ms !== undefined;
  const forever = input.wait_forever === true;
  if (hasTimeout === forever)
    throw new EventHubError(
      'EVENT_HUB_TIMEOUT_INVALID',
      'Give exactly one of timeout_ms (milliseconds) and wait_forever: true.',
    );
  if (forever) return 'forever';
  const milliseconds = input.timeout_ms ?? 0;
  if (milliseconds > maxMilliseconds)
    throw new EventHubError(
      'EVENT_HUB_TIMEOUT_INVALID',
      `timeout_ms ${milliseconds} is above the limit of ${maxMilliseconds} (Svc:EventHub:MaxToolWaitMilliseconds): wait less, or raise the setting.`,
    );
  return { milliseconds };
}
