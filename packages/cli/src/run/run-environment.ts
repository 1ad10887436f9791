import { dirname } from 'node:path';
import {
  type Configuration,
  fileSystemSettings,
  fileTools,
  type Logger,
  PermissionGate,
  type PermissionPrompt,
  parseMount,
  permissionGateSettings,
  type Tool,
  type ToolAuditSink,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '@orkeon/core';
import { createShellTool, shellSettings } from '@orkeon/tools';
import type { RunEvent } from './run-event.js';

export interface RunEnvironment {
  readonly vfs: VirtualFileSystem;
  readonly registry: ToolRegistry;
  readonly pipeline: ToolInvocationPipeline;
}

/**
 * The boundary a run works in: the mounts from `Svc:FileSystem` (relative to the
 * settings file) and `--mount` (relative to the working directory; one on a root the
 * settings declare replaces it for this run), the crew's
 * folder read-only at `/crew` unless something else is mounted there, the built-in
 * tools, and one invocation pipeline with the permission gate when it is enabled.
 */
export async function createRunEnvironment(options: {
  configuration: Configuration;
  logger: Logger;
  crewFolder: string;
  workingDirectory: string;
  mounts: readonly string[];
  prompt: PermissionPrompt | undefined;
  emit: (event: RunEvent) => void;
}): Promise<RunEnvironment> {
  const files = options.configuration.get(fileSystemSettings);
  // Mounts written in a settings file are relative to that file; --mount ones to the working directory.
  const settingsFolder =
    options.configuration.settingsFile === undefined
      ? options.workingDirectory
      : dirname(options.configuration.settingsFile);
  const fromCommandLine = options.mounts.map((text) => parseMount(text, { baseDirectory: options.workingDirectory }));
  const given = new Set(fromCommandLine.map((mount) => mount.virtual));
  const fromSettings = files.Mounts.map((text) => parseMount(text, { baseDirectory: settingsFolder })).filter(
    (mount) => !given.has(mount.virtual),
  );
  const internal = files.InternalMounts.map((text) =>
    parseMount(text, { baseDirectory: settingsFolder, visibility: 'internal' }),
  );
  const declared = [...fromSettings, ...fromCommandLine, ...internal];
  const crewMount = declared.some((mount) => mount.virtual === '/crew')
    ? []
    : [{ physical: options.crewFolder, virtual: '/crew', rights: 'ro' as const }];
  const vfs = await VirtualFileSystem.create([...crewMount, ...declared], { maxFileSizeBytes: files.MaxFileSizeBytes });

  const tools: Tool[] = [
    ...fileTools,
    createShellTool(options.configuration.get(shellSettings), { logger: options.logger }) as Tool,
  ];
  const registry = new ToolRegistry(tools);
  const gateSettings = options.configuration.get(permissionGateSettings);
  const gate = gateSettings.Enabled
    ? new PermissionGate({ defaultMode: gateSettings.Mode, interactive: gateSettings.Interactive })
    : undefined;
  const audit: ToolAuditSink = (event) =>
    options.emit({
      kind: 'tool.completed',
      tool: event.tool,
      callId: event.callId,
      outcome: event.outcome,
      durationMs: event.durationMilliseconds,
      ...(event.caller.task === undefined ? {} : { taskId: event.caller.task }),
      ...(event.caller.agentId === undefined ? {} : { agentId: event.caller.agentId }),
    });
  const pipeline = new ToolInvocationPipeline({
    registry,
    vfs,
    logger: options.logger,
    audit: [audit],
    onCallStarted: ({ tool, callId, caller }) =>
      options.emit({
        kind: 'tool.started',
        tool,
        callId,
        ...(caller.task === undefined ? {} : { taskId: caller.task }),
        ...(caller.agentId === undefined ? {} : { agentId: caller.agentId }),
      }),
    ...(gate === undefined ? {} : { gate }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  });
  return { vfs, registry, pipeline };
}

/** The crew's required roots (`mounts:`) that no mount provides, as a usage error message. */
export function missingCrewMounts(vfs: VirtualFileSystem, required: readonly string[]): string | undefined {
  const available = vfs.mounts().map((mount) => mount.virtualPath);
  const missing = required.map((root) => root.split('|').at(-1) ?? root).filter((root) => !available.includes(root));
  if (missing.length === 0) return undefined;
  return `The crew needs the mount(s) ${missing.join(', ')}, which nothing provides. Give them with --mount, e.g. --mount ./out:${missing[0]}:rw, or in Svc:FileSystem:Mounts.`;
}
