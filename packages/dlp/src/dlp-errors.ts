import { OrkeonError } from '@orkeon/core';
import type { DlpErrorCode } from './errors/error-codes.js';

/**
 * A DLP policy that cannot be applied: an unknown channel, kind or action, or a policy
 * handed to the interceptor of another channel. The message names the value and what is allowed.
 *
 * @experimental SVCEXP006
 */
export class DlpPolicyInvalidError extends OrkeonError<DlpErrorCode> {
  constructor(message: string) {
    super('DLP_POLICY_INVALID', message);
  }
}
