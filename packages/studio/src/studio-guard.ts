import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie the page carries after it was opened with `?token=`. */
export const studioTokenCookie = 'orkeon_studio_token';

/** True for `localhost` (and `*.localhost`), `127.0.0.0/8` and `::1`, with or without a port. */
export function isLoopbackName(host: string): boolean {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1'
  );
}

/**
 * Every request passes here first.
 * - With a token: a request carries it as `Authorization: Bearer`, or as the cookie the page
 *   got when it was opened with `?token=` (that first visit is redirected without the token in
 *   the address). Anything else is answered 401.
 * - Without one (loopback only): the `Host` must be a loopback name, so that a web page elsewhere
 *   cannot reach Studio through a DNS name that points at 127.0.0.1.
 * - Changes (POST) must be JSON: a form or `text/plain` post from another site is refused with 415
 *   (a JSON post from elsewhere needs a CORS preflight, which Studio never grants).
 */
export function studioGuard(token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (token === undefined) {
      if (!isLoopbackName(request.headers.host ?? ''))
        return deny(reply, 403, `Studio answers on localhost only; '${request.headers.host ?? ''}' is not loopback.`);
    } else {
      const url = new URL(request.url, 'http://studio');
      const offered = url.searchParams.get('token');
      if (request.method === 'GET' && offered !== null && same(offered, token)) {
        url.searchParams.delete('token');
        return reply
          .header('set-cookie', `${studioTokenCookie}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict`)
          .redirect(`${url.pathname}${url.search}`, 303);
      }
      if (!carriesToken(request, token))
        return deny(
          reply,
          401,
          'Studio needs its token: open the address orkeon studio printed (it ends with ?token=…), or send Authorization: Bearer <token>.',
        );
    }
    if (request.method === 'POST' && !(request.headers['content-type'] ?? '').startsWith('application/json'))
      return deny(reply, 415, 'Studio takes changes as JSON: send Content-Type: application/json.');
  };
}

function carriesToken(request: FastifyRequest, token: string): boolean {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ') === true && same(authorization.slice(7), token)) return true;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === studioTokenCookie && same(decodedOrRaw(value.join('=')), token)) return true;
  }
  return false;
}

/** A cookie value as sent; a malformed escape (`%`) is compared as written, so it is refused, not a crash. */
function decodedOrRaw(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function same(offered: string, token: string): boolean {
  const left = Buffer.from(offered);
  const right = Buffer.from(token);
  return left.length === right.length && timingSafeEqual(left, right);
}

function deny(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: { code: 'STUDIO_REQUEST_INVALID', message } });
}
