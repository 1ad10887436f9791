import { EventHubError } from '@orkeon/core';

/** The error of a reply (or a wait) for a request that is not pending. */
export function unknownCorrelation(correlationId: string): EventHubError {
  return new EventHubError(
    'EVENT_HUB_CORRELATION_UNKNOWN',
    `No pending request has the correlation id '${correlationId}' (never sent, already answered, or timed out): reply only to a request you received, before its time-out.`,
    { details: { correlationId } },
  );
}
