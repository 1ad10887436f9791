import { describe, expect, it } from 'vitest';
import { isKeylessEndpoint, isLoopbackHost } from '../src/index.js';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'ollama.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['localhost.example.com', '128.0.0.1', '10.0.0.1', '0.0.0.0', 'example.com', '127.0.0.1.nip.io'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('isKeylessEndpoint', () => {
  it.each([
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:8080/v1', true],
    ['http://[::1]:8000/v1', true],
    ['http://model-runner.docker.internal/engines/v1', true],
    ['https://api.openai.com/v1', false],
    ['http://gpu-box.lan:8000/v1', false],
    ['not a url', false],
    [undefined, false],
  ] as const)('%s → %s', (baseUrl, keyless) => {
    expect(isKeylessEndpoint(baseUrl)).toBe(keyless);
  });
});
