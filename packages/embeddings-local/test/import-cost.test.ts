import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageFolder = fileURLToPath(new URL('..', import.meta.url));

// Records every module the import of the package asks for, in a process of its own.
const script = `
import { registerHooks } from 'node:module';
const asked = [];
registerHooks({ resolve(specifier, context, next) { asked.push(specifier); return next(specifier, context); } });
const started = performance.now();
const entry = await import('@orkeon/embeddings-local');
const milliseconds = performance.now() - started;
process.stdout.write(JSON.stringify({ asked, milliseconds, exports: Object.keys(entry).length }));
`;

describe('importing @orkeon/embeddings-local', () => {
  it('loads no model and no model runtime: TensorFlow.js, the weights and transformers.js wait for the first embed', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@orkeon/source', '--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: packageFolder },
    );
    const { asked, exports } = JSON.parse(stdout) as { asked: string[]; exports: number };
    expect(exports).toBeGreaterThan(5);
    expect(asked.some((specifier) => specifier.includes('@orkeon/core'))).toBe(true);
    expect(asked.filter((specifier) => /@energetic-ai|@huggingface|onnxruntime|tfjs/.test(specifier))).toEqual([]);
  });
});
