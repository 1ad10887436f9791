import { v03EventOf } from '../compat-v03/v03-task.js';
import type { V1StreamResponse } from '../wire/task.js';
import type { V1TaskPushNotificationConfig } from './push-config.js';

/** The header that carries a config's `token`, as the official SDKs send it. */
export const notificationTokenHeader = 'X-A2A-Notification-Token';

/**
 * What one webhook call carries, in the shapes of the A2A version its config was made
 * over. A v1.0 config gets the event as a stream carries it (`{ "statusUpdate": … }`) as
 * `application/a2a+json` with `A2A-Version: 1.0`; a 0.3 config gets the bare 0.3 event
 * (`{ "kind": "status-update", …, "final" }`) as `application/json`, as 0.3 agents post
 * it. Both carry `Authorization: <scheme> <credentials>` from the config's
 * `authentication` and its `token` in `X-A2A-Notification-Token`.
 */
export function webhookPayload(
  config: V1TaskPushNotificationConfig,
  event: V1StreamResponse,
): { readonly headers: Record<string, string>; readonly body: string } {
  const v03 = config.protocolVersion === '0.3';
  return {
    headers: {
      ...(v03
        ? { 'Content-Type': 'application/json' }
        : { 'Content-Type': 'application/a2a+json', 'A2A-Version': '1.0' }),
      ...(config.authentication === undefined
        ? {}
        : { Authorization: `${config.authentication.scheme} ${config.authentication.credentials}` }),
      ...(config.token === undefined || config.token === '' ? {} : { [notificationTokenHeader]: config.token }),
    },
    body: JSON.stringify(v03 ? v03EventOf(event) : event),
  };
}
