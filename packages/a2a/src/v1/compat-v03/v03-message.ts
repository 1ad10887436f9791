import { z } from 'zod';
import type { V1Message, V1Part } from '../wire/message.js';

const metadataSchema = z.record(z.string(), z.unknown());

/**
 * A 0.3 data part's object, kept as it came rather than copied key by key: a copy would turn an own
 * `__proto__` key (valid JSON) into a prototype and lose it, where the v1.0 part keeps it.
 */
const dataObjectSchema = z.custom<Record<string, unknown>>((value) => isPlainObject(value), {
  message: 'a data part holds a JSON object',
});

/**
 * The metadata flag of a 0.3 data part that carries a value which is not an object (0.3
 * data parts hold objects only): `data` is `{ "value": <the value> }`. The official SDKs
 * write and read it the same way.
 */
export const v03WrappedDataFlag = 'data_part_compat';

/** `file` of a 0.3 file part: its bytes (base64) or where it is, with its type and name. */
export const v03FileSchema = z
  .object({
    bytes: z.base64('file.bytes must be base64 (standard alphabet, padded)').optional(),
    uri: z.url('file.uri must be a URL').optional(),
    mimeType: z.string().optional(),
    name: z.string().optional(),
  })
  .refine((file) => (file.bytes === undefined) !== (file.uri === undefined), {
    message: 'a file holds exactly one of bytes or uri',
  });

/** A 0.3 part: `text`, `file` or `data`, told apart by `kind`. */
export const v03PartSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), text: z.string(), metadata: metadataSchema.optional() }),
    z.object({ kind: z.literal('file'), file: v03FileSchema, metadata: metadataSchema.optional() }),
    z.object({ kind: z.literal('data'), data: dataObjectSchema, metadata: metadataSchema.optional() }),
  ],
  { error: 'a part has kind text, file or data' },
);

/** @experimental SVCEXP001 */
export type V03Part = z.infer<typeof v03PartSchema>;

/** A 0.3 message (`kind: "message"`, roles `user` and `agent`). */
export const v03MessageSchema = z.object({
  kind: z.literal('message', { error: 'a message has kind "message"' }),
  messageId: z.string().min(1, 'messageId is required: the sender mints one per message'),
  role: z.enum(['user', 'agent'], { error: 'role is user or agent' }),
  parts: z.array(v03PartSchema).min(1, 'a message has at least one part'),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  metadata: metadataSchema.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});

/** @experimental SVCEXP001 */
export type V03Message = z.infer<typeof v03MessageSchema>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 0.3 part as v1.0 writes it: `file.bytes` → `raw`, `file.uri` → `url`, `mimeType` → `mediaType`, `name` → `filename`. */
export function v1PartOfV03(part: V03Part): V1Part {
  const metadata = part.metadata;
  if (part.kind === 'text') return { text: part.text, ...(metadata === undefined ? {} : { metadata }) };
  if (part.kind === 'data') {
    if (metadata?.[v03WrappedDataFlag] === true && 'value' in part.data) {
      const { [v03WrappedDataFlag]: _flag, ...rest } = metadata;
      return { data: part.data.value, ...(Object.keys(rest).length === 0 ? {} : { metadata: rest }) };
    }
    return { data: part.data, ...(metadata === undefined ? {} : { metadata }) };
  }
  const { bytes, uri, mimeType, name } = part.file;
  return {
    ...(bytes === undefined ? { url: uri ?? '' } : { raw: bytes }),
    ...(mimeType === undefined || mimeType === '' ? {} : { mediaType: mimeType }),
    ...(name === undefined || name === '' ? {} : { filename: name }),
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/**
 * A v1.0 part as 0.3 writes it. A text part's `mediaType` and `filename` have no place in
 * 0.3 and are left out; data that is not an object is wrapped (`v03WrappedDataFlag`).
 */
export function v03PartOf(part: V1Part): V03Part {
  const metadata = part.metadata;
  const withMetadata = metadata === undefined ? {} : { metadata };
  if (part.text !== undefined) return { kind: 'text', text: part.text, ...withMetadata };
  if (part.raw !== undefined || part.url !== undefined) {
    return {
      kind: 'file',
      file: {
        ...(part.raw === undefined ? { uri: part.url ?? '' } : { bytes: part.raw }),
        ...(part.mediaType === undefined || part.mediaType === '' ? {} : { mimeType: part.mediaType }),
        ...(part.filename === undefined || part.filename === '' ? {} : { name: part.filename }),
      },
      ...withMetadata,
    };
  }
  if (isPlainObject(part.data)) return { kind: 'data', data: part.data, ...withMetadata };
  return { kind: 'data', data: { value: part.data ?? null }, metadata: { ...metadata, [v03WrappedDataFlag]: true } };
}

/** A 0.3 message as v1.0 writes it (`user` → `ROLE_USER`, the parts mapped, no `kind`). */
export function v1MessageOfV03(message: V03Message): V1Message {
  const { kind: _kind, role, parts, ...rest } = message;
  return { ...rest, role: role === 'user' ? 'ROLE_USER' : 'ROLE_AGENT', parts: parts.map(v1PartOfV03) };
}

/** A v1.0 message as 0.3 writes it (`kind: "message"`, `ROLE_AGENT` → `agent`, empty lists left out). */
export function v03MessageOf(message: V1Message): V03Message {
  const { role, parts, extensions, referenceTaskIds, ...rest } = message;
  return {
    kind: 'message',
    ...rest,
    role: role === 'ROLE_USER' ? 'user' : 'agent',
    parts: parts.map(v03PartOf),
    ...(extensions === undefined || extensions.length === 0 ? {} : { extensions }),
    ...(referenceTaskIds === undefined || referenceTaskIds.length === 0 ? {} : { referenceTaskIds }),
  };
}
