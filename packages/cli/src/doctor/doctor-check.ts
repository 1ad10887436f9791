/** One line of `orkeon doctor`: `fail` makes the command exit 1, `warn` and `info` do not. */
export interface DoctorCheck {
  readonly check: string;
  readonly status: 'ok' | 'info' | 'warn' | 'fail';
  readonly detail: string;
}
