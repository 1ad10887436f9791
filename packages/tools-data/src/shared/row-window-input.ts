import { z } from 'zod';

/** The input fields of a window of rows, the same for every table reader. */
export const rowWindowInput = {
  offset: z.number().int().min(0).default(0).describe('Data rows to skip before the first one returned (rows mode).'),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Most rows to return (rows mode); default and most: the configured MaxRows.'),
};
