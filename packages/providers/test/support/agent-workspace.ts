import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ChatModel,
  fileTools,
  LlmClient,
  type LlmClientOptions,
  type PermissionGate,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '@orkeon/core';
import { type CapturedLogs, captureLogger, createTemporaryDirectory } from '@orkeon/testing';

export const notesText = 'The launch moved to Thursday at nine.';

export interface AgentWorkspace extends AsyncDisposable {
  /** The physical folder mounted read-write at `/workspace`. */
  readonly folder: string;
  readonly logs: CapturedLogs;
  /** An `LlmClient` on `model` with core's file tools behind a real invocation pipeline. */
  client(model: ChatModel, options?: { gate?: PermissionGate; settings?: LlmClientOptions['settings'] }): LlmClient;
}

/** A temporary `/workspace` (read-write) holding `notes.md`, and clients that act in it. */
export async function createAgentWorkspace(): Promise<AgentWorkspace> {
  const directory = await createTemporaryDirectory('orkeon-providers-');
  const folder = join(directory.path, 'workspace');
  await mkdir(folder);
  await writeFile(join(folder, 'notes.md'), notesText);
  const vfs = await VirtualFileSystem.create([`${folder}:/workspace:rw`]);
  const registry = new ToolRegistry(fileTools);
  const logs = captureLogger();
  return {
    folder,
    logs,
    client(model, options = {}) {
      const pipeline = new ToolInvocationPipeline({
        registry,
        vfs,
        logger: logs.logger,
        ...(options.gate === undefined ? {} : { gate: options.gate }),
      });
      return new LlmClient({
        model,
        logger: logs.logger,
        pipeline,
        tools: fileTools,
        settings: options.settings ?? { MaxRetries: 0, TimeoutSeconds: 30 },
      });
    },
    [Symbol.asyncDispose]: () => directory.remove(),
  };
}
