import type { HubMessage } from '@orkeon/core';

/**
 * What a notification on the hub's channel carries: `o` the hub that sent it (a hub skips
 * its own publications and replies, which it delivered itself), `k` the kind (`p` a
 * publication, `r` a reply, `m` a mailbox that was posted to), and the message inline
 * (`m`), or the id of the row holding it when it is too large (`l`), or the mailbox (`b`).
 */
export type HubNotification =
  | { readonly o: string; readonly k: 'p' | 'r'; readonly m: HubMessage }
  | { readonly o: string; readonly k: 'p' | 'r'; readonly l: string }
  | { readonly o: string; readonly k: 'm'; readonly b: string };

/** PostgreSQL refuses a notification payload of 8000 bytes or more; some room is kept. */
export const notificationByteLimit = 7_900;

/**
 * True for a publication or reply notification (`k` = `p` or `r`) sent by the hub of `origin`:
 * every notification's JSON begins `{"o":…,"k":"`, so no parsing is needed to tell. A mailbox
 * notice (`k` = `m`) is not one of them.
 */
export function isOwnDelivered(payload: string, originPrefix: string): boolean {
  if (!payload.startsWith(originPrefix)) return false;
  const kind = payload[originPrefix.length];
  return kind === 'p' || kind === 'r';
}

/** How every notification of the hub of `origin` begins, up to its kind letter. */
export function originPrefix(origin: string): string {
  return `{"o":${JSON.stringify(origin)},"k":"`;
}

/** The notification of a message, inline when it fits; `undefined` when it must go by its row. */
export function inlineNotification(origin: string, kind: 'p' | 'r', message: HubMessage): string | undefined {
  const text = JSON.stringify({ o: origin, k: kind, m: message });
  return Buffer.byteLength(text) < notificationByteLimit ? text : undefined;
}

/** Reads a notification; `undefined` for one this release does not know (another release's, or noise). */
export function readNotification(payload: string): HubNotification | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const value = parsed as Record<string, unknown>;
  if (typeof value.o !== 'string') return undefined;
  if (value.k === 'm') return typeof value.b === 'string' ? (value as HubNotification) : undefined;
  if (value.k !== 'p' && value.k !== 'r') return undefined;
  if (typeof value.l === 'string') return value as HubNotification;
  return typeof value.m === 'object' && value.m !== null ? (value as HubNotification) : undefined;
}
