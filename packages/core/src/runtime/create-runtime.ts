import { dirname } from 'node:path';
import { InMemoryStateStore } from '../checkpoint/in-memory-state-store.js';
import { type StateStore, StateStoreService } from '../checkpoint/state-store.js';
import { Configuration } from '../config/configuration.js';
import type { SettingsTree } from '../config/settings-tree.js';
import { coreSettingsSections } from '../core-settings-sections.js';
import { addCrewExecutionStatePersistence } from '../execution-state/add-crew-execution-state-persistence.js';
import { CrewExecutionStateManagerService } from '../execution-state/crew-execution-state-manager.js';
import { crewExecutionStatePersistenceSettings } from '../execution-state/execution-state-settings.js';
import { CrewKickoffHookRunnerService } from '../hooks/crew-kickoff-hook-runner.js';
import { ChatModelService } from '../llm/chat-model.js';
import { addLlmConsoleStreaming, LlmDeltaSinkService } from '../llm/console-streaming.js';
import { createEchoModel } from '../llm/echo-model.js';
import { llmSettings } from '../llm/llm-settings.js';
import { type ModelInput, toChatModel } from '../llm/to-chat-model.js';
import { createLogger, type Logger, LoggerService } from '../logging/logger.js';
import { loggingSettings } from '../logging/logging-settings.js';
import { addSvcPermissionGate } from '../permissions/add-svc-permission-gate.js';
import {
  PermissionGate,
  PermissionGateService,
  type PermissionPrompt,
  PermissionPromptService,
} from '../permissions/permission-gate.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { ServiceCollection } from '../services/service-collection.js';
import { fileTools } from '../tools/file/file-tools.js';
import type { Tool } from '../tools/tool.js';
import { ToolAuditSinkService } from '../tools/tool-audit.js';
import { ToolInvocationPipeline, ToolInvocationPipelineService } from '../tools/tool-invocation-pipeline.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { fileSystemSettings } from '../vfs/file-system-settings.js';
import { type MountDefinition, parseMount } from '../vfs/mount.js';
import { VirtualFileSystem } from '../vfs/virtual-file-system.js';
import { ModelChoice } from './model-choice.js';
import type { RunEventListener } from './run-events.js';
import { activeRunScope } from './run-scope.js';
import { Runtime } from './runtime.js';
import {
  ChatModelFactoryService,
  RunEventListenerService,
  TelemetryExporterService,
  ToolRegistryService,
  ToolService,
  VirtualFileSystemService,
} from './runtime-services.js';

export interface RuntimeOptions {
  /** Loaded settings (`loadConfiguration`). Default: `settings`, or no settings at all (every default). */
  readonly configuration?: Configuration;
  /** Settings as a plain object (`{ Llm: { Model: 'gpt-5' } }`), judged like a settings file. */
  readonly settings?: SettingsTree;
  /** The host's registrations (`addSvc…` calls, its own services). They win over the runtime's defaults. */
  readonly services?: ServiceCollection;
  /** The default model: an AI SDK model (`openai.chat('gpt-4.1-mini')`) or a `ChatModel`. */
  readonly model?: ModelInput;
  /** Mounts besides `Svc:FileSystem:Mounts`: `'./src:/workspace:ro'` or definitions. */
  readonly mounts?: readonly (MountDefinition | string)[];
  /** Folder relative physical paths of `mounts` start from. Default: the working directory. */
  readonly baseDirectory?: string;
  /** Tools every run can name, besides the file tools and `ToolService` registrations. */
  readonly tools?: readonly Tool[];
  /** Turns the permission gate on with this mode (when no gate is registered) and makes it the runs' default. */
  readonly permissionMode?: PermissionMode;
  /** Answers the gate's asks (a person, a policy); without one, asks are denied. */
  readonly prompt?: PermissionPrompt;
  /** Where crew runs are checkpointed. Default: a registered `StateStoreService`, else one in memory. */
  readonly store?: StateStore;
  readonly logger?: Logger;
  /** Receives every event of every run. */
  readonly onEvent?: RunEventListener;
}

/**
 * The composition root: builds every part a run needs from one service container.
 * The host's registrations (`options.services`: `addSvcPermissionGate`,
 * `PermissionPromptService`, `ToolAuditSinkService`, `StateStoreService`, …) are
 * honoured; the options given here are registered after them (the last registration
 * wins); every other part is supplied with `tryAdd`, only when nobody registered it.
 */
export async function createRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const configuration = options.configuration ?? Configuration.fromObject(options.settings ?? {}, coreSettingsSections);
  const services = options.services ?? new ServiceCollection();
  registerOptions(services, options);
  await registerDefaults(services, configuration, options);
  const provider = services.build();
  try {
    const llm = configuration.get(llmSettings);
    const hooks = provider.tryGet(CrewKickoffHookRunnerService);
    const executionStates = provider.tryGet(CrewExecutionStateManagerService);
    const consoleSink = provider.tryGet(LlmDeltaSinkService);
    const telemetry = provider.tryGet(TelemetryExporterService);
    return new Runtime({
      services: provider,
      logger: provider.get(LoggerService),
      vfs: provider.get(VirtualFileSystemService),
      tools: provider.get(ToolRegistryService),
      pipeline: provider.get(ToolInvocationPipelineService),
      models: new ModelChoice({
        defaultModel: () => provider.get(ChatModelService),
        factory: () => provider.tryGet(ChatModelFactoryService),
        settings: llm,
      }),
      listeners: provider.getAll(RunEventListenerService),
      store: () => provider.tryGet(StateStoreService),
      ...(hooks === undefined ? {} : { hooks }),
      ...(executionStates === undefined ? {} : { executionStates }),
      ...(consoleSink === undefined ? {} : { consoleSink }),
      ...(telemetry === undefined ? {} : { telemetry }),
      ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
    });
  } catch (error) {
    await provider.dispose();
    throw error;
  }
}

/** What the caller gave directly: registered after the host's services, so it wins. */
function registerOptions(services: ServiceCollection, options: RuntimeOptions): void {
  if (options.model !== undefined) services.addInstance(ChatModelService, toChatModel(options.model));
  if (options.logger !== undefined) services.addInstance(LoggerService, options.logger);
  if (options.prompt !== undefined) services.addInstance(PermissionPromptService, options.prompt);
  if (options.store !== undefined) services.addInstance(StateStoreService, options.store);
  if (options.onEvent !== undefined) services.addInstance(RunEventListenerService, options.onEvent);
  for (const tool of options.tools ?? []) services.addInstance(ToolService, tool);
}

/** Everything nobody registered, supplied with tryAdd. */
async function registerDefaults(
  services: ServiceCollection,
  configuration: Configuration,
  options: RuntimeOptions,
): Promise<void> {
  services.tryAddSingleton(LoggerService, () =>
    createLogger({ level: configuration.get(loggingSettings).Level ?? 'warn' }),
  );
  // Only a configured gate (Svc:Security:PermissionGate:Enabled) or one the host registered exists, unless a mode is given.
  addSvcPermissionGate(services, configuration);
  // Svc:Cli:ConsoleStreaming and Svc:ExecutionState:Persistence take effect here, for every host.
  addLlmConsoleStreaming(services, configuration);
  if (configuration.get(crewExecutionStatePersistenceSettings).Enabled)
    addCrewExecutionStatePersistence(services, configuration);
  if (options.permissionMode !== undefined)
    services.tryAddInstance(PermissionGateService, new PermissionGate({ defaultMode: options.permissionMode }));
  if (!services.has(VirtualFileSystemService))
    services.addInstance(VirtualFileSystemService, await fileSystemFor(configuration, options));
  services.tryAddSingleton(
    ToolRegistryService,
    (resolver) => new ToolRegistry([...fileTools, ...resolver.getAll(ToolService)]),
  );
  services.tryAddSingleton(ToolInvocationPipelineService, (resolver) => {
    const gate = resolver.tryGet(PermissionGateService);
    const prompt = resolver.tryGet(PermissionPromptService);
    return new ToolInvocationPipeline({
      registry: resolver.get(ToolRegistryService),
      vfs: resolver.get(VirtualFileSystemService),
      logger: resolver.get(LoggerService),
      audit: [
        ...resolver.getAll(ToolAuditSinkService),
        (event) =>
          activeRunScope()?.emit({
            kind: 'tool.completed',
            tool: event.tool,
            callId: event.callId,
            outcome: event.outcome,
            durationMs: event.durationMilliseconds,
            ...(event.caller.task === undefined ? {} : { taskId: event.caller.task }),
            ...(event.caller.agentId === undefined ? {} : { agentId: event.caller.agentId }),
          }),
      ],
      onCallStarted: ({ tool, callId, caller }) =>
        activeRunScope()?.emit({
          kind: 'tool.started',
          tool,
          callId,
          ...(caller.task === undefined ? {} : { taskId: caller.task }),
          ...(caller.agentId === undefined ? {} : { agentId: caller.agentId }),
        }),
      ...(gate === undefined ? {} : { gate }),
      ...(prompt === undefined ? {} : { prompt }),
    });
  });
  services.tryAddSingleton(ChatModelService, (resolver) => createEchoModel(resolver.get(LoggerService)));
  services.tryAddSingleton(StateStoreService, () => new InMemoryStateStore());
}

/**
 * The mounts of `Svc:FileSystem` (relative to the settings file), where a mount of
 * `options.mounts` on the same virtual root replaces the settings' one, and the
 * internal mounts.
 */
async function fileSystemFor(configuration: Configuration, options: RuntimeOptions): Promise<VirtualFileSystem> {
  const files = configuration.get(fileSystemSettings);
  const settingsFolder = configuration.settingsFile === undefined ? undefined : dirname(configuration.settingsFile);
  const fromSettings = (text: string, visibility: 'agent' | 'internal') =>
    parseMount(text, settingsFolder === undefined ? { visibility } : { visibility, baseDirectory: settingsFolder });
  const given = (options.mounts ?? []).map((mount) =>
    typeof mount === 'string'
      ? parseMount(mount, options.baseDirectory === undefined ? {} : { baseDirectory: options.baseDirectory })
      : mount,
  );
  const roots = new Set(given.map((mount) => mount.virtual));
  const mounts = [
    ...files.Mounts.map((text) => fromSettings(text, 'agent')).filter((mount) => !roots.has(mount.virtual)),
    ...given,
    ...files.InternalMounts.map((text) => fromSettings(text, 'internal')),
  ];
  return VirtualFileSystem.create(mounts, { maxFileSizeBytes: files.MaxFileSizeBytes });
}
