/** A header name as HTTP defines it (a token). */
const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * Headers a call may not set: the client frames the message itself (length, encoding,
 * connection), names the host it checked, and decodes the body it asked for.
 */
const refusedHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'accept-encoding',
]);

export const maxHeaderCount = 50;
export const maxHeaderValueLength = 8_192;

/**
 * Why these request headers cannot be sent, or `undefined` when they can. A value with a
 * line break or NUL would start a header of its own (header injection), so it is refused,
 * never repaired.
 */
export function requestHeadersProblem(headers: Readonly<Record<string, string>>): string | undefined {
  const entries = Object.entries(headers);
  if (entries.length > maxHeaderCount) return `${entries.length} headers given: send at most ${maxHeaderCount}.`;
  for (const [name, value] of entries) {
    if (!tokenPattern.test(name))
      return `Header name ${JSON.stringify(name.slice(0, 80))} is not allowed: use letters, digits and - (e.g. X-Request-Id).`;
    if (refusedHeaders.has(name.toLowerCase()))
      return `Header '${name}' is set by the client itself and cannot be given: leave it out.`;
    if (/[\r\n\0]/.test(value))
      return `Header '${name}' has a line break or NUL in its value, which would inject headers: send a single-line value.`;
    if (value.length > maxHeaderValueLength)
      return `Header '${name}' is ${value.length} characters long: send at most ${maxHeaderValueLength}.`;
  }
  return undefined;
}
