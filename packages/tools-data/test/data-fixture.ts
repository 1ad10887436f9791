import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isToolResult, type Tool, type ToolProgress, type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';

/**
 * Real folders for the data tools: `workspace` mounted read-write at /workspace,
 * `docs` read-only at /docs, and `outside`, mounted nowhere, holding a secret.
 * /workspace/escape is a symbolic link to `outside`.
 */
export interface DataFixture extends AsyncDisposable {
  readonly root: TemporaryDirectory;
  readonly workspace: string;
  readonly docs: string;
  readonly outside: string;
  readonly vfs: VirtualFileSystem;
  /** Writes a file into the workspace folder; returns its virtual path. */
  file(name: string, content: string | Uint8Array): Promise<string>;
}

export const outsideSecret = 'top secret outside the mounts';

export async function createDataFixture(options: { maxFileSizeBytes?: number } = {}): Promise<DataFixture> {
  const root = await createTemporaryDirectory('orkeon-data-');
  const workspace = join(root.path, 'workspace');
  const docs = join(root.path, 'docs');
  const outside = join(root.path, 'outside');
  await mkdir(workspace, { recursive: true });
  await mkdir(docs);
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), `${outsideSecret}\n`);
  await writeFile(join(outside, 'secret.csv'), `name,value\n${outsideSecret},1\n`);
  await symlink(outside, join(workspace, 'escape'));
  const vfs = await VirtualFileSystem.create(
    [`${workspace}:/workspace:rw`, `${docs}:/docs:ro`],
    options.maxFileSizeBytes === undefined ? {} : { maxFileSizeBytes: options.maxFileSizeBytes },
  );
  const file = async (name: string, content: string | Uint8Array) => {
    const physical = join(workspace, name);
    await mkdir(join(physical, '..'), { recursive: true });
    await writeFile(physical, content);
    return `/workspace/${name}`;
  };
  return { root, workspace, docs, outside, vfs, file, [Symbol.asyncDispose]: () => root.remove() };
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (update: ToolProgress) => void;
}

/** Calls a tool as the pipeline would: input validated, the agents' view of the file system. */
export async function runTool<Input>(
  tool: Tool<Input>,
  vfs: VirtualFileSystem,
  input: unknown,
  options: RunOptions = {},
): Promise<ToolResult> {
  const parsed = tool.inputSchema.parse(input);
  const returned = await tool.execute(parsed, {
    vfs: vfs.agentView(),
    logger: captureLogger().logger,
    signal: options.signal ?? new AbortController().signal,
    caller: { kind: 'host' },
    callId: 'test-call',
    ...(options.onProgress === undefined ? {} : { reportProgress: options.onProgress }),
  });
  if (!isToolResult(returned)) throw new Error(`expected a ToolResult, got ${JSON.stringify(returned)}`);
  return returned;
}

/** The JSON body of a successful table answer. */
export function answerJson(result: ToolResult): Record<string, unknown> {
  if (result.outcome !== 'Success') throw new Error(`expected success, got ${result.output}`);
  return JSON.parse(result.output) as Record<string, unknown>;
}
