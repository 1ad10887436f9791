import { z } from 'zod';

const metadataSchema = z.record(z.string(), z.unknown());

/**
 * One part of a message or an artifact (ProtoJSON of `lf.a2a.v1.Part`): exactly one of
 * `text`, `raw` (bytes as base64), `url` or `data` (any JSON value), with optional
 * `mediaType`, `filename` and `metadata`.
 */
export const v1PartSchema = z
  .strictObject({
    text: z.string().optional(),
    raw: z.base64('raw must be base64 (standard alphabet, padded)').optional(),
    url: z.url().optional(),
    data: z.unknown().optional(),
    mediaType: z.string().optional(),
    filename: z.string().optional(),
    metadata: metadataSchema.optional(),
  })
  .refine(
    (part) => ['text', 'raw', 'url', 'data'].filter((key) => part[key as keyof typeof part] !== undefined).length === 1,
    { message: 'a part holds exactly one of text, raw, url or data' },
  );

/** @experimental SVCEXP001 */
export type V1Part = z.infer<typeof v1PartSchema>;

export const v1RoleSchema = z.enum(['ROLE_USER', 'ROLE_AGENT']);

/** A message (ProtoJSON of `lf.a2a.v1.Message`); `messageId` is minted by the sender. */
export const v1MessageSchema = z.strictObject({
  messageId: z.string().min(1, 'messageId is required: the sender mints one per message'),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  role: v1RoleSchema,
  parts: z.array(v1PartSchema).min(1, 'a message has at least one part'),
  metadata: metadataSchema.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});

/** @experimental SVCEXP001 */
export type V1Message = z.infer<typeof v1MessageSchema>;

/**
 * The text an agent that takes text reads: text parts as they are, data parts as JSON,
 * files named by their name, type and where they are (their bytes are not text).
 */
export function textOfParts(parts: readonly V1Part[]): string {
  return parts
    .map((part) => {
      if (part.text !== undefined) return part.text;
      if (part.data !== undefined) return JSON.stringify(part.data);
      const name = part.filename ?? 'a file';
      const type = part.mediaType === undefined ? '' : ` (${part.mediaType})`;
      if (part.url !== undefined) return `[${name}${type} at ${part.url}]`;
      const size = Math.floor(((part.raw ?? '').replace(/=+$/, '').length * 3) / 4);
      return `[${name}${type}, ${size} bytes]`;
    })
    .join('\n');
}
