import { z } from 'zod';

/** The five task states. `Completed`, `Failed` and `Cancelled` are terminal. */
export const a2aTaskStatusSchema = z.enum(['Pending', 'Working', 'Completed', 'Failed', 'Cancelled']);

/** @experimental SVCEXP001 */
export type A2ATaskStatus = z.infer<typeof a2aTaskStatusSchema>;

/** True for `Completed`, `Failed` and `Cancelled`. */
export function isTerminalA2ATaskStatus(status: A2ATaskStatus): boolean {
  return status === 'Completed' || status === 'Failed' || status === 'Cancelled';
}
