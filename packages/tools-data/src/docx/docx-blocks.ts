import { z } from 'zod';

const text = z.string().max(100_000);

/** The blocks `docx_writer` lays out, top to bottom. */
export const docxBlock = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('heading'),
    text,
    level: z.number().int().min(1).max(6).default(1).describe('1 is the largest.'),
  }),
  z.strictObject({
    type: z.literal('paragraph'),
    text: text.describe('Line breaks (\\n) are kept.'),
    bold: z.boolean().default(false),
    italic: z.boolean().default(false),
  }),
  z.strictObject({
    type: z.literal('bullet'),
    text,
    level: z.number().int().min(0).max(8).default(0).describe('Indent level, 0 for the outermost.'),
  }),
  z.strictObject({
    type: z.literal('numbered'),
    text,
    level: z.number().int().min(0).max(8).default(0).describe('Indent level, 0 for the outermost.'),
  }),
  z.strictObject({
    type: z.literal('table'),
    rows: z
      .array(z.array(z.string().max(10_000)).max(200))
      .min(1)
      .max(10_000),
    header: z.boolean().default(true).describe('The first row is a bold header.'),
  }),
  z.strictObject({ type: z.literal('pageBreak') }),
]);

export type DocxBlock = z.output<typeof docxBlock>;
