import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../../errors/error-codes.js';

/** The setting that lets named webhook hosts past the address rules. */
export const pushAllowedHostsSetting = 'A2A:PushNotifications:AllowedHosts';

/** A webhook host that is, or resolves to, an address webhooks may not reach. */
export class PushAddressRefusedError extends OrkeonError<A2AErrorCode> {
  constructor(host: string, problem: string) {
    super(
      'A2A_PUSH_ADDRESS_REFUSED',
      `The webhook host '${host}' ${problem}; webhooks go to public addresses only. To send to it anyway, add '${host}' to ${pushAllowedHostsSetting}.`,
      { details: { host } },
    );
  }
}

/** A stored document of a push collection that this version cannot read. */
export class UnreadablePushRecordError extends OrkeonError<A2AErrorCode> {
  constructor(collection: string, key: string, problem: string) {
    super(
      'A2A_PUSH_RECORD_UNREADABLE',
      `The stored document '${key}' of collection '${collection}' cannot be read: ${problem}. Delete it from the document store, or read it with the Orkeon version that wrote it.`,
      { details: { collection, key } },
    );
  }
}
