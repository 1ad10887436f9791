import type { FastifyRequest } from 'fastify';

type BodyParserDone = (error: Error | null, body?: unknown) => void;

/** Fastify content-type parser: the body as JSON (blank is no body); malformed JSON is a 400 naming the fix. */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: BodyParserDone): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim().length === 0) {
    done(null, undefined);
    return;
  }
  try {
    done(null, JSON.parse(text));
  } catch (error) {
    const problem = new Error(
      `The request body is not valid JSON (${error instanceof Error ? error.message : String(error)}). Send a JSON object such as {"skillId":"<skill id>","input":"<text>"}.`,
    ) as Error & { statusCode: number };
    problem.statusCode = 400;
    done(problem, undefined);
  }
}
