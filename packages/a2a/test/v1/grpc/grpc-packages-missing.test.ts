import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const hostScript = fileURLToPath(new URL('../../server/host-process.ts', import.meta.url));
const hideHook = fileURLToPath(new URL('./hide-grpc-packages.ts', import.meta.url));

it('a host without the gRPC packages fails at start naming the packages to install, and leaves no listener open', async () => {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      '--import',
      pathToFileURL(hideHook).href,
      hostScript,
      JSON.stringify({ GrpcPort: 50_999 }),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // The process ends by itself: the HTTP listener it opened first was closed again.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).not.toBe(0);
  expect(stdout).not.toContain('listening');
  expect(stderr).toContain('A2AGrpcPackagesMissingError');
  expect(stderr).toContain('run npm install @grpc/grpc-js @bufbuild/protobuf @a2a-js/sdk, or remove A2A:GrpcPort');
});
