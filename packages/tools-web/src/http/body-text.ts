/** The media type and charset of a `content-type` header (`text/html; charset=iso-8859-1`). */
export interface ContentType {
  readonly mediaType: string;
  readonly charset?: string;
}

export function parseContentType(header: string | undefined): ContentType {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  const mediaType = type.trim().toLowerCase();
  return charset === undefined ? { mediaType } : { mediaType, charset };
}

/** True for bodies that are text: text/*, JSON, XML, JavaScript, forms, and their `+json`/`+xml` kinds. */
export function isTextual(contentType: ContentType, bytes: Uint8Array): boolean {
  const type = contentType.mediaType;
  if (type === '') return !bytes.subarray(0, 1_024).includes(0);
  return (
    type.startsWith('text/') ||
    /^application\/(json|xml|xhtml\+xml|javascript|ecmascript|x-www-form-urlencoded|x-ndjson|yaml|x-yaml|graphql)$/.test(
      type,
    ) ||
    /\+(json|xml)$/.test(type)
  );
}

export function isHtml(contentType: ContentType): boolean {
  return contentType.mediaType === 'text/html' || contentType.mediaType === 'application/xhtml+xml';
}

/** The body as text in its declared charset; an unknown charset reads as UTF-8. */
export function decodeBody(bytes: Uint8Array, contentType: ContentType): string {
  try {
    return new TextDecoder(contentType.charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `12,345` */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** `1.2 MB` */
export function formatSize(bytes: number): string {
  if (bytes < 1_024) return `${bytes} B`;
  if (bytes < 1_024 * 1_024) return `${(bytes / 1_024).toFixed(1)} KB`;
  return `${(bytes / (1_024 * 1_024)).toFixed(1)} MB`;
}

/** The text cut to `limit` characters, with a note saying what was cut. */
export function cutText(text: string, limit: number, what = 'characters'): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n[cut: showing the first ${formatCount(limit)} of ${formatCount(text.length)} ${what}]`;
}
