import { OrkeonError } from '../errors/orkeon-error.js';
import type { NetworkErrorCode } from './network-error-codes.js';

/** Why the guard refused a URL, a host or an address: a code and a message naming the problem and the fix. */
export interface NetworkRefusal {
  readonly code: NetworkErrorCode;
  readonly message: string;
}

/** The outcome of a guard check: refusals are results, never exceptions. */
export type NetworkCheck<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & NetworkRefusal);

export function networkAllowed<T>(value: T): NetworkCheck<T> {
  return { ok: true, value };
}

export function networkRefused<T = never>(code: NetworkErrorCode, message: string): NetworkCheck<T> {
  return { ok: false, code, message };
}

/**
 * A refusal carried as an error, where only an error can travel: the `lookup` of a
 * connection hands it to the socket, and the HTTP client rejects with it. Tools catch it
 * (`NetworkRefusedError.isInstance`) and answer its message as a denial.
 */
export class NetworkRefusedError extends OrkeonError<NetworkErrorCode> {
  constructor(refusal: NetworkRefusal) {
    super(refusal.code, refusal.message);
  }
}

/** Options of a `NetworkGuard` that cannot be used (a malformed allowed host or range); thrown when it is built. */
export class NetworkGuardOptionsError extends OrkeonError<NetworkErrorCode> {
  constructor(refusal: NetworkRefusal) {
    super(refusal.code, refusal.message);
  }
}
