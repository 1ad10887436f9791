import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import {
  fileTools,
  type PermissionGate,
  type PermissionPrompt,
  type Tool,
  type ToolAuditEvent,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '../../src/index.js';

export interface ToolTestSetup {
  readonly folder: TemporaryDirectory;
  readonly workspace: string;
  readonly output: string;
  readonly vfs: VirtualFileSystem;
  readonly registry: ToolRegistry;
  readonly audit: ToolAuditEvent[];
  readonly logs: ReturnType<typeof captureLogger>;
  pipeline(options?: { gate?: PermissionGate; prompt?: PermissionPrompt; timeout?: number }): ToolInvocationPipeline;
}

/** A workspace (ro, with a rw `out/`), an output mount (rw) and an internal mount, with the file tools registered. */
export async function createToolTestSetup(extraTools: readonly Tool[] = []): Promise<ToolTestSetup> {
  const folder = await createTemporaryDirectory();
  const workspace = join(folder.path, 'workspace');
  const output = join(folder.path, 'output');
  const internal = join(folder.path, 'internal');
  for (const path of [join(workspace, 'src', 'deep'), join(workspace, 'out'), output, internal]) {
    await mkdir(path, { recursive: true });
  }
  await writeFile(join(workspace, 'readme.md'), '# Title\nTODO: one\nTODO: two\n');
  await writeFile(join(workspace, 'src', 'main.ts'), 'const a = 1; // TODO\n');
  await writeFile(join(workspace, 'src', 'deep', 'util.ts'), 'export const todo = "todo";\n');
  await writeFile(join(internal, 'key'), 'internal-secret');
  const vfs = await VirtualFileSystem.create([
    `${workspace}:/workspace:ro;out:rw`,
    `${output}:/output:rw`,
    { physical: internal, virtual: '/credentials', rights: 'ro', visibility: 'internal' },
  ]);
  const registry = new ToolRegistry([...fileTools, ...extraTools]);
  const audit: ToolAuditEvent[] = [];
  const logs = captureLogger();
  return {
    folder,
    workspace,
    output,
    vfs,
    registry,
    audit,
    logs,
    pipeline: (options = {}) =>
      new ToolInvocationPipeline({
        registry,
        vfs,
        logger: logs.logger,
        audit: [(event) => audit.push(event)],
        ...(options.gate === undefined ? {} : { gate: options.gate }),
        ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
        ...(options.timeout === undefined ? {} : { defaultTimeoutMilliseconds: options.timeout }),
      }),
  };
}
