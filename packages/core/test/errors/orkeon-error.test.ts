import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, OrkeonError } from '../../src/index.js';

const source = new URL('../../src/errors/orkeon-error.ts', import.meta.url).pathname;

describe('OrkeonError', () => {
  it('carries a stable code, a cause and details, and serialises without a stack', () => {
    const cause = new Error('socket closed');
    const error = new OrkeonError('PROVIDER_FAILED', 'The provider failed; retry later.', {
      cause,
      details: { provider: 'openai' },
    });
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('OrkeonError');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'OrkeonError',
      code: 'PROVIDER_FAILED',
      message: 'The provider failed; retry later.',
      details: { provider: 'openai' },
    });
  });

  it('isInstance tells subclasses apart', () => {
    const configuration = new ConfigurationError([{ key: 'Llm:Model', message: 'bad' }]);
    expect(OrkeonError.isInstance(configuration)).toBe(true);
    expect(ConfigurationError.isInstance(configuration)).toBe(true);
    expect(ConfigurationError.isInstance(new OrkeonError('X', 'x'))).toBe(false);
    expect(OrkeonError.isInstance(new Error('plain'))).toBe(false);
    expect(OrkeonError.isInstance({ code: 'X', message: 'look-alike' })).toBe(false);
    expect(OrkeonError.isInstance(null)).toBe(false);
  });

  it('recognises errors from another copy of the module, where instanceof fails', async () => {
    await using folder = await createTemporaryDirectory();
    const copies: typeof import('../../src/errors/orkeon-error.js')[] = [];
    for (const name of ['copy-a', 'copy-b']) {
      await mkdir(join(folder.path, name));
      const target = join(folder.path, name, 'orkeon-error.ts');
      await copyFile(source, target);
      copies.push(await import(target));
    }
    const [a, b] = copies as [(typeof copies)[0], (typeof copies)[0]];
    expect(a.OrkeonError).not.toBe(b.OrkeonError);

    class CopyBConfigurationError extends b.OrkeonError {}
    Object.defineProperty(CopyBConfigurationError, 'name', { value: 'ConfigurationError' });
    const fromB = new b.OrkeonError('FROM_B', 'made by copy b');
    const subclassFromB = new CopyBConfigurationError('CONFIGURATION_INVALID', 'made by copy b');

    expect(fromB instanceof a.OrkeonError).toBe(false);
    expect(a.OrkeonError.isInstance(fromB)).toBe(true);
    expect(OrkeonError.isInstance(fromB)).toBe(true);
    expect(ConfigurationError.isInstance(subclassFromB)).toBe(true);
    expect(ConfigurationError.isInstance(fromB)).toBe(false);
  });
});
