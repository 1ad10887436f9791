import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageFolder = fileURLToPath(new URL('..', import.meta.url));

// Imports the package in a process of its own and records every module it asks for.
const script = `
import { registerHooks } from 'node:module';
const asked = [];
registerHooks({ resolve(specifier, context, next) { asked.push(specifier); return next(specifier, context); } });
const entry = await import('@orkeon/rag-onnx');
process.stdout.write(JSON.stringify({ asked, exports: Object.keys(entry) }));
`;

describe('importing @orkeon/rag-onnx', () => {
  it('loads neither onnxruntime-node nor the tokenizer library: they wait for the first rerank', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@orkeon/source', '--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: packageFolder },
    );
    const { asked, exports } = JSON.parse(stdout) as { asked: string[]; exports: string[] };
    expect(exports).toContain('addSvcOnnxReranker');
    expect(asked.some((specifier) => specifier.includes('@orkeon/rag'))).toBe(true);
    expect(asked.filter((specifier) => /onnxruntime|@huggingface/.test(specifier))).toEqual([]);
  });
});
