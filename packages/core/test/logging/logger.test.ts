import { Writable } from 'node:stream';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { createLogger, levelForVerbosity } from '../../src/index.js';

describe('logger', () => {
  it('writes JSON records at or above the level', () => {
    const logs = captureLogger({ level: 'info' });
    logs.logger.debug('hidden');
    logs.logger.info({ crew: 'demo' }, 'crew started');
    expect(logs.records()).toEqual([expect.objectContaining({ level: 30, msg: 'crew started', crew: 'demo' })]);
  });

  it('redacts fields named like secrets at any depth', () => {
    const logs = captureLogger();
    logs.logger.info(
      { llm: { ApiKey: 'sk-abc', Model: 'm', MaxTokens: 5 }, headers: [{ token: 't0k' }], password: 'p' },
      'config',
    );
    const [record] = logs.records();
    expect(record).toMatchObject({
      llm: { ApiKey: '[REDACTED]', Model: 'm', MaxTokens: 5 },
      headers: [{ token: '[REDACTED]' }],
      password: '[REDACTED]',
    });
  });

  it('scrubs known secret values from messages, fields and error stacks', () => {
    const secret = 'sk-live-123456"quoted';
    const logs = captureLogger({ secrets: [secret] });
    logs.logger.error(
      { err: new Error(`request failed with key ${secret}`), note: `k=${secret}` },
      `calling with ${secret}`,
    );
    const text = logs.text();
    expect(text).not.toContain('sk-live-123456');
    expect(text).toContain('[REDACTED]');
    expect(logs.records()[0]).toMatchObject({ msg: 'calling with [REDACTED]', note: 'k=[REDACTED]' });
  });

  it('writes readable lines on a terminal, still without secrets', () => {
    const chunks: string[] = [];
    const terminal = Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          chunks.push(String(chunk));
          done();
        },
      }),
      { isTTY: true },
    );
    const logger = createLogger({ level: 'info', destination: terminal, secrets: ['hunter2-secret'] });
    logger.warn({ ApiKey: 'abc' }, 'key hunter2-secret rejected');
    const text = chunks.join('');
    expect(text).toMatch(/WARN/);
    expect(text).toContain('key [REDACTED] rejected');
    expect(text).not.toContain('hunter2-secret');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('maps -v counts to levels without lowering a more verbose base', () => {
    expect(levelForVerbosity(0)).toBe('warn');
    expect(levelForVerbosity(1)).toBe('info');
    expect(levelForVerbosity(2)).toBe('debug');
    expect(levelForVerbosity(5)).toBe('trace');
    expect(levelForVerbosity(1, 'debug')).toBe('debug');
  });
});
