import type { V1PushNotifications } from './v1-push-notifications.js';

/** The push notifications each operation layer serves, set by the routes that build both. */
const served = new WeakMap<object, V1PushNotifications>();

/**
 * Declares that the bindings calling `operations` serve `push` too. Both bindings hand
 * the dispatcher only the operation layer, so the push subsystem is found through it.
 */
export function servePushNotifications(operations: object, push: V1PushNotifications): void {
  served.set(operations, push);
}

/** The push notifications served beside `operations`, or `undefined` when push notifications are off. */
export function pushNotificationsOf(operations: object): V1PushNotifications | undefined {
  return served.get(operations);
}
