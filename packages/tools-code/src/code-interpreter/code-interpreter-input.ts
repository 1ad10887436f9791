import { z } from 'zod';

/** The arguments of `code_interpreter`. */
export const codeInterpreterInput = z.strictObject({
  language: z
    .enum(['javascript', 'typescript'])
    .default('javascript')
    .describe('The language of `code`. TypeScript runs with its types erased: no enum, namespace or `<T>x` casts.'),
  code: z
    .string()
    .min(1)
    .describe(
      'The program. Its result is the value of the last expression, a top-level `return` (top-level `await` allowed), or `export default`.',
    ),
  input: z.unknown().optional().describe('Any JSON value; the code reads it as the global `input`.'),
});

/** The validated arguments of `code_interpreter`, defaults applied. */
export type CodeInterpreterInput = z.output<typeof codeInterpreterInput>;
