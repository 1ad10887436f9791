import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const probe = fileURLToPath(new URL('./grpc-load-probe.ts', import.meta.url));

/** Runs the probe in a fresh Node process from the sources. */
async function probeRun(...args: string[]): Promise<{ grpc: boolean; grpcLoaded: boolean }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      probe,
      ...args,
    ],
    { cwd: root, timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

describe('loading the gRPC binding', () => {
  it('loads @grpc/grpc-js only when A2A:GrpcPort is set', async () => {
    const [without, withGrpc] = await Promise.all([probeRun(), probeRun('grpc')]);
    expect(without).toEqual({ grpc: false, grpcLoaded: false });
    expect(withGrpc).toEqual({ grpc: true, grpcLoaded: true });
  });
});
