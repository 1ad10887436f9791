/** One line of `orkeon doctor`: `fail` makes the command exit 1, `warn` and `info` do not. */
export interface DoctorCheck {
  readonly check: string;
  readonly status: 'ok' | 'info' | 'warn' | 'fail';
  readonly detail: string;
  /** The error code (docs/errors.md) of a failed or warning check, for looking it up. */
  readonly code?: string;
}
