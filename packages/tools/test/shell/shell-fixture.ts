import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isToolResult, type Tool, type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { expect } from 'vitest';
import type { ShellCommandInput } from '../../src/index.js';

/**
 * Real folders for shell tests: `workspace` mounted read-write at /workspace,
 * `docs` mounted read-only at /docs, and `outside`, mounted nowhere, holding a
 * secret. /workspace/escape is a symbolic link to `outside`.
 */
export interface ShellFixture extends AsyncDisposable {
  readonly root: TemporaryDirectory;
  readonly workspace: string;
  readonly docs: string;
  readonly outside: string;
  readonly vfs: VirtualFileSystem;
}

export async function createShellFixture(): Promise<ShellFixture> {
  const root = await createTemporaryDirectory('orkeon-shell-');
  const workspace = join(root.path, 'workspace');
  const docs = join(root.path, 'docs');
  const outside = join(root.path, 'outside');
  await mkdir(join(workspace, 'sub'), { recursive: true });
  await mkdir(docs);
  await mkdir(outside);
  await writeFile(join(workspace, 'a.txt'), 'alpha\nbeta\ngamma\n');
  await writeFile(join(workspace, 'sub', 'b.txt'), 'inside sub\n');
  await writeFile(join(docs, 'readme.md'), '# Read me\nread-only docs\n');
  await writeFile(join(outside, 'secret.txt'), 'top secret\n');
  await symlink(outside, join(workspace, 'escape'));
  const vfs = await VirtualFileSystem.create([`${workspace}:/workspace:rw`, `${docs}:/docs:ro`]);
  return { root, workspace, docs, outside, vfs, [Symbol.asyncDispose]: () => root.remove() };
}

/** Calls a tool as the pipeline would: input validated, the agents' view of the file system. */
export async function runTool(
  tool: Tool<ShellCommandInput>,
  vfs: VirtualFileSystem,
  command: string,
  options: { cwd?: string; signal?: AbortSignal } = {},
): Promise<ToolResult> {
  const input = tool.inputSchema.parse(options.cwd === undefined ? { command } : { command, cwd: options.cwd });
  const returned = await tool.execute(input, {
    vfs: vfs.agentView(),
    logger: captureLogger().logger,
    signal: options.signal ?? new AbortController().signal,
    caller: { kind: 'host' },
    callId: 'test-call',
  });
  if (!isToolResult(returned)) throw new Error(`expected a ToolResult, got ${JSON.stringify(returned)}`);
  return returned;
}

/** Asserts a successful run with exit code 0 and returns its output. */
export function expectExitZero(result: ToolResult): string {
  expect(result.outcome, result.output).toBe('Success');
  expect(result.output.split('\n')[0]).toBe('exit code 0');
  return result.output;
}

export const quietLogger = () => captureLogger().logger;
