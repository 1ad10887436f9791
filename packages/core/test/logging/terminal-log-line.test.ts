import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, OrkeonError } from '../../src/index.js';

function terminal(): { stream: Writable & { isTTY: boolean }; text: () => string } {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY: false },
  );
  return { stream, text: () => chunks.join('') };
}

function providerFailure(): OrkeonError<string> {
  const network = new Error('connect ECONNREFUSED 127.0.0.1:5999');
  const sdk = new Error('Cannot connect to API: connect ECONNREFUSED 127.0.0.1:5999', { cause: network });
  return new OrkeonError('LLM_PROVIDER_FAILED', "The 'openai' provider failed: connection refused", { cause: sdk });
}

describe('readable log lines', () => {
  it('write one line per record: level, message, fields, then the error as CODE: message', () => {
    const out = terminal();
    const logger = createLogger({ format: 'pretty', destination: out.stream });
    logger.warn({ task: 'research', agent: 'the researcher', err: providerFailure() }, 'a crew task failed');
    expect(out.text()).toBe(
      'WARN  a crew task failed (task=research agent="the researcher"): LLM_PROVIDER_FAILED: The \'openai\' provider failed: connection refused\n',
    );
  });

  it('add the stacks of the error and its causes only when asked', () => {
    const out = terminal();
    const logger = createLogger({ format: 'pretty', destination: out.stream, stacks: true });
    logger.error({ err: providerFailure() }, 'the run failed');
    const lines = out.text().trimEnd().split('\n');
    expect(lines[0]).toBe(
      "ERROR the run failed: LLM_PROVIDER_FAILED: The 'openai' provider failed: connection refused",
    );
    expect(lines.filter((line) => /^\s+at /.test(line)).length).toBeGreaterThan(3);
    expect(lines.filter((line) => /^\s+caused by: Error: /.test(line))).toHaveLength(2);
  });

  it("say the causes of an error that is not Orkeon's, each once", () => {
    const out = terminal();
    const logger = createLogger({ format: 'pretty', destination: out.stream });
    const inner = new Error('bad port');
    logger.warn(
      { err: new Error('fetch failed', { cause: new Error('fetch failed: bad port', { cause: inner }) }) },
      'x',
    );
    expect(out.text()).toBe('WARN  x: fetch failed: fetch failed: bad port\n');
  });

  it('keep the cause apart from the message in JSON lines', () => {
    const out = terminal();
    const logger = createLogger({ format: 'json', destination: out.stream });
    logger.warn({ err: providerFailure() }, 'a crew task failed');
    const record = JSON.parse(out.text()) as { err: { code: string; message: string; cause: { message: string } } };
    expect(record.err).toMatchObject({
      code: 'LLM_PROVIDER_FAILED',
      message: "The 'openai' provider failed: connection refused",
      cause: { message: 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:5999' },
    });
  });
});
