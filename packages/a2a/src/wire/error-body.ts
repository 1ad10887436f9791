import { z } from 'zod';

/**
 * Every error answer: `{ error, ...details }`. `error` names the problem and the fix; never a stack.
 *
 * @experimental SVCEXP001
 */
export const a2aErrorBodySchema = z.looseObject({ error: z.string() });

/** @experimental SVCEXP001 */
export type A2AErrorBody = z.infer<typeof a2aErrorBodySchema>;
