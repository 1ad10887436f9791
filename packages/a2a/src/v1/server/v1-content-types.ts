import type { FastifyInstance } from 'fastify';
import { V1ProtocolError } from '../wire/protocol-error.js';

/** The media types a v1.0 request body may have: v1.0.1's own, and v1.0.0's `application/json`. */
export const v1RequestMediaTypes = ['application/json', 'application/a2a+json'] as const;

/** A request body as the v1.0 routes received it; the routes decide how to answer a bad one. */
class ReceivedBody {
  constructor(
    readonly value: unknown,
    readonly problem?: V1ProtocolError,
  ) {}
}

/**
 * Registers the body parsers of the v1.0 routes (in their own plugin): JSON under either
 * media type; any other type, and JSON that does not parse, are kept as problems for the
 * route to answer in its binding's form (not Fastify's plain 415 or 400).
 */
export function registerV1BodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  for (const type of v1RequestMediaTypes)
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        // Blank is no body: told apart only here, so that a valid body is never copied to trim it.
        if (text.trim() === '') return done(null, new ReceivedBody(undefined));
        const reason = error instanceof Error ? error.message : String(error);
        return done(
          null,
          new ReceivedBody(undefined, new V1ProtocolError('ParseError', `The body is not valid JSON: ${reason}.`)),
        );
      }
      done(null, new ReceivedBody(value));
    });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, _body, done) => {
    const type = request.headers['content-type'] ?? '(none)';
    done(
      null,
      new ReceivedBody(
        undefined,
        new V1ProtocolError(
          'ContentTypeNotSupported',
          `A body of type ${type} is not read here: send application/json or application/a2a+json.`,
        ),
      ),
    );
  });
}

/** The JSON a v1.0 route received (`undefined` for none), or the problem with it, thrown. */
export function receivedJson(body: unknown): unknown {
  if (!(body instanceof ReceivedBody)) return undefined;
  if (body.problem !== undefined) throw body.problem;
  return body.value;
}
