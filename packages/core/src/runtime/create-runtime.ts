// One file over 300 lines for createRuntime: the composition root registers every default in one
// place, so that what a runtime is made of reads top to bottom; the parts themselves live beside it.
import { dirname } from 'node:path';
import { addSvcAudit } from '../audit/add-svc-audit.js';
import { AuditRecorderService } from '../audit/audit-recorder.js';
import { createSpawnAgentTool } from '../autonomous/spawn-agent-tool.js';
import { ModelCallBudgetService } from '../budget/model-call-budget.js';
import { InMemoryStateStore } from '../checkpoint/in-memory-state-store.js';
import { type StateStore, StateStoreService } from '../checkpoint/state-store.js';
import { Configuration } from '../config/configuration.js';
import type { SettingsTree } from '../config/settings-tree.js';
import { consensusVotingSettings } from '../consensus/consensus-settings.js';
import { conversationSettings } from '../conversations/conversation-settings.js';
import { ThreadStore } from '../conversations/thread-store.js';
import { ThreadStoreService } from '../conversations/thread-store-service.js';
import { coreSettingsSections } from '../core-settings-sections.js';
import { crewMemorySettings } from '../crew-memory/crew-memory-settings.js';
import { MemoryLayerService } from '../crew-memory/memory-layer.js';
import { createMemoryStoreTool } from '../crew-memory/memory-store-tool.js';
import { DlpChannelGuardService } from '../dlp/dlp-channel-guard.js';
import { addDlpLogChannel } from '../dlp/dlp-log-channel.js';
import { PiiDetectorService } from '../dlp/pii-detector.js';
import { DocumentStoreService } from '../documents/document-store.js';
import { InMemoryDocumentStore } from '../documents/in-memory-document-store.js';
import { addDefaultEmbeddingProvider } from '../embeddings/add-default-embedding-provider.js';
import { EmbeddingProviderService } from '../embeddings/embedding-provider.js';
import { addCrewExecutionStatePersistence } from '../execution-state/add-crew-execution-state-persistence.js';
import { CrewExecutionStateManagerService } from '../execution-state/crew-execution-state-manager.js';
import { crewExecutionStatePersistenceSettings } from '../execution-state/execution-state-settings.js';
import { addSvcGuardian, GuardianDecisionListenerService, GuardianService } from '../guardian/add-svc-guardian.js';
import type { GuardianDecision } from '../guardian/guardian.js';
import { guardianSettings } from '../guardian/guardian-settings.js';
import { defineGuardrail, type Guardrail } from '../guardrails/guardrail.js';
import { GuardrailCatalogue, GuardrailService } from '../guardrails/guardrail-catalogue.js';
import { CrewKickoffHookRunnerService } from '../hooks/crew-kickoff-hook-runner.js';
import { HumanInputAsker } from '../human-input/human-input-asker.js';
import { type HumanInputChannel, HumanInputChannelService } from '../human-input/human-input-channel.js';
import { createHumanInputTool } from '../human-input/human-input-tool.js';
import { KnowledgeBaseService } from '../knowledge/knowledge-base.js';
import { ChatModelService } from '../llm/chat-model.js';
import { addLlmConsoleStreaming, LlmDeltaSinkService } from '../llm/console-streaming.js';
import { createEchoModel } from '../llm/echo-model.js';
import { llmSettings } from '../llm/llm-settings.js';
import { type ModelInput, toChatModel } from '../llm/to-chat-model.js';
import { createLogger, type Logger, LoggerService } from '../logging/logger.js';
import { loggingSettings } from '../logging/logging-settings.js';
import { MemoryStoresService, memoryStoresFrom } from '../memory/memory-stores.js';
import { MultiModalContentService } from '../multimodal/multimodal-content.js';
import { outputValidationSettings } from '../output-validation/output-validation-settings.js';
import { addSvcPermissionGate } from '../permissions/add-svc-permission-gate.js';
import {
  PermissionGate,
  PermissionGateService,
  type PermissionPrompt,
  PermissionPromptService,
} from '../permissions/permission-gate.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { ServiceCollection } from '../services/service-collection.js';
import { builtInModelPrices } from '../telemetry/model-prices.js';
import { telemetrySettings } from '../telemetry/telemetry-settings.js';
import { createCollaborationTools } from '../tools/collaboration/collaboration-tools.js';
import { delegationSettings } from '../tools/collaboration/delegation-settings.js';
import { fileTools } from '../tools/file/file-tools.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import { type ToolAuditEvent, ToolAuditSinkService } from '../tools/tool-audit.js';
import { ToolCallInterceptorService } from '../tools/tool-call-interceptor.js';
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
  HumanInputAskerService,
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
  /** Guardrails (`defineGuardrail`) on every agent of every run; crews and agents may also name them. */
  readonly guardrails?: readonly Guardrail[];
  /** Turns the permission gate on with this mode (when no gate is registered) and makes it the runs' default. */
  readonly permissionMode?: PermissionMode;
  /** Answers the gate's asks (a person, a policy); without one, asks go to `humanInput`, else are denied. */
  readonly prompt?: PermissionPrompt;
  /**
   * Where a person answers the `human_input` tool and the permission gate's asks
   * (see docs/human-input.md). Without one, every ask is refused at once.
   */
  readonly humanInput?: HumanInputChannel;
  /** The time events are stamped with; default the system clock. */
  readonly clock?: () => Date;
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
  // Svc:Dlp:ApplyInPipeline: the runtime's logger screens its records through the registered DLP guard.
  const dlpLogChannel = addDlpLogChannel(services);
  const provider = services.build();
  try {
    dlpLogChannel.bind(provider);
    const llm = configuration.get(llmSettings);
    const hooks = provider.tryGet(CrewKickoffHookRunnerService);
    const executionStates = provider.tryGet(CrewExecutionStateManagerService);
    const consoleSink = provider.tryGet(LlmDeltaSinkService);
    const telemetry = provider.tryGet(TelemetryExporterService);
    const guardian = provider.tryGet(GuardianService);
    if (!configuration.get(guardianSettings).Enabled)
      provider
        .get(LoggerService)
        .warn(
          'the Guardian is off (Svc:Guardian:Enabled = false): prompts, tool calls and tool results are not screened',
        );
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
      ...(guardian === undefined ? {} : { guardian }),
      guardrails: new GuardrailCatalogue(
        (options.guardrails ?? []).map(defineGuardrail),
        provider.getAll(GuardrailService),
      ),
      ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      prices: { ...builtInModelPrices, ...configuration.get(telemetrySettings).Prices },
      captureContent: configuration.get(telemetrySettings).CaptureContent,
      maxDelegationDepth: configuration.get(delegationSettings).MaxDepth,
      maxRepairAttempts: configuration.get(outputValidationSettings).MaxRepairAttempts,
      piiDetector: () => provider.tryGet(PiiDetectorService),
      threads: () => provider.get(ThreadStoreService),
      conversations: configuration.get(conversationSettings),
      // Resolved now so that an unknown Memory:Provider refuses the start; no store opens before use.
      memory: provider.get(MemoryStoresService),
      embeddings: () => provider.tryGet(EmbeddingProviderService),
      crewMemory: configuration.get(crewMemorySettings),
      memoryLayer: () => provider.tryGet(MemoryLayerService),
      knowledgeBase: () => provider.tryGet(KnowledgeBaseService),
      consensus: configuration.get(consensusVotingSettings),
      modelCallBudgets: provider.getAll(ModelCallBudgetService),
      multiModal: provider.tryGet(MultiModalContentService),
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
  if (options.humanInput !== undefined) services.addInstance(HumanInputChannelService, options.humanInput);
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
  // The Guardian is on unless Svc:Guardian:Enabled is false; its decisions become guardian.blocked events.
  addSvcGuardian(services, configuration);
  services.addInstance(GuardianDecisionListenerService, guardianBlockedEvent);
  // Svc:Security:Audit (on by default): tool calls and Guardian and gate decisions, in the registered trail or in memory.
  addSvcAudit(services, configuration, { runOf: () => activeRunScope()?.run.id });
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
    HumanInputAskerService,
    (resolver) =>
      new HumanInputAsker({
        channel: (source) =>
          (source === 'tool' ? activeRunScope()?.humanInput : undefined) ?? resolver.tryGet(HumanInputChannelService),
        signalOf: () => activeRunScope()?.signal,
        observe: (request) => {
          const scope = activeRunScope();
          scope?.emit({
            kind: 'input.needed',
            agentId: request.caller.agentId,
            taskId: request.caller.task,
            correlationId: request.id,
            causationId: request.callId === undefined ? undefined : scope.toolCalls.get(request.callId),
            inputKind: request.kind === 'approval' ? 'confirm' : request.kind,
            prompt: request.prompt,
            choices: request.choices === undefined ? undefined : [...request.choices],
            source: request.source,
            toolName: request.toolName,
          });
        },
      }),
  );
  // One channel for people: the gate's asks go to the human-input channel unless the host gave a prompt.
  if (services.has(HumanInputChannelService))
    services.tryAddSingleton(PermissionPromptService, (resolver) =>
      resolver.get(HumanInputAskerService).permissionPrompt(),
    );
  // Built-in tools every registry holds, also one a host builds itself from the ToolService registrations.
  services.addSingleton(ToolService, (resolver) => createHumanInputTool(resolver.get(HumanInputAskerService)));
  // Hand-overs pass the Delegation channel of the DLP guard, when one is registered (Svc:Dlp:ApplyInPipeline).
  for (const position of [0, 1])
    services.addSingleton(ToolService, (resolver) => {
      const guard = resolver.tryGet(DlpChannelGuardService);
      return createCollaborationTools(() => activeRunScope()?.coworkers, guard)[position] as Tool;
    });
  const spawnAgent = createSpawnAgentTool({
    onSpawned: (spawned, callId) => {
      const scope = activeRunScope();
      const causationId = scope?.toolCalls.get(callId);
      scope?.emit({
        kind: 'agent.spawned',
        agentId: spawned.id,
        role: spawned.role,
        reason: spawned.reason,
        causationId,
      });
    },
  });
  services.addInstance(ToolService, spawnAgent);
  services.addSingleton(ToolService, (resolver) =>
    createMemoryStoreTool({
      store: () => resolver.get(MemoryStoresService).get(),
      embeddings: () => resolver.tryGet(EmbeddingProviderService),
    }),
  );
  services.tryAddSingleton(
    ToolRegistryService,
    (resolver) => new ToolRegistry([...fileTools, ...resolver.getAll(ToolService)]),
  );
  services.tryAddSingleton(ToolInvocationPipelineService, (resolver) => {
    const gate = resolver.tryGet(PermissionGateService);
    const prompt = resolver.tryGet(PermissionPromptService);
    const guardian = resolver.tryGet(GuardianService);
    const recorder = resolver.tryGet(AuditRecorderService);
    return new ToolInvocationPipeline({
      registry: resolver.get(ToolRegistryService),
      vfs: resolver.get(VirtualFileSystemService),
      logger: resolver.get(LoggerService),
      audit: [...resolver.getAll(ToolAuditSinkService), toolReturnedEvent],
      interceptors: resolver.getAll(ToolCallInterceptorService),
      onCallStarted: toolCalledEvent,
      runOf: () => activeRunScope()?.view,
      ...(gate === undefined ? {} : { gate }),
      ...(prompt === undefined ? {} : { prompt }),
      ...(guardian === undefined ? {} : { guardian }),
      ...(recorder === undefined ? {} : { onGateDecision: recorder.permissionDecision }),
      captureContent: configuration.get(telemetrySettings).CaptureContent,
    });
  });
  services.tryAddSingleton(ChatModelService, (resolver) => createEchoModel(resolver.get(LoggerService)));
  services.tryAddSingleton(StateStoreService, () => new InMemoryStateStore());
  addDefaultEmbeddingProvider(services);
  services.tryAddSingleton(MemoryStoresService, memoryStoresFrom(configuration));
  // Threads live where the host keeps its documents (SQLite, PostgreSQL), else in memory for the runtime's life.
  services.tryAddSingleton(
    ThreadStoreService,
    (resolver) => new ThreadStore(resolver.tryGet(DocumentStoreService) ?? new InMemoryDocumentStore()),
  );
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

/** A Guardian decision, as the run's `guardian.blocked` event (outside a run, the log line is all). */
function guardianBlockedEvent(decision: GuardianDecision): void {
  activeRunScope()?.emit({
    kind: 'guardian.blocked',
    phase: decision.phase,
    action: decision.action,
    reason: decision.reason,
    toolName: decision.tool,
    patternClasses: decision.classes === undefined ? undefined : [...decision.classes],
    severity: decision.severity,
    agentId: decision.caller?.agentId,
    taskId: decision.caller?.task,
  });
}

/** A tool call starts: counted against the run's budget (the call past the limit stops the run) and reported. */
function toolCalledEvent(call: {
  tool: string;
  callId: string;
  caller: CallerIdentity;
  argumentNames: readonly string[];
}): void {
  const scope = activeRunScope();
  if (scope === undefined) return;
  const taskId = call.caller.task;
  if (taskId !== undefined) scope.toolCallsByTask.set(taskId, (scope.toolCallsByTask.get(taskId) ?? 0) + 1);
  const seq = scope.emit({
    kind: 'tool.called',
    agentId: call.caller.agentId,
    taskId,
    correlationId: call.callId,
    toolName: call.tool,
    argsSummary: [...call.argumentNames],
  });
  scope.toolCalls.set(call.callId, seq);
  scope.meter.recordToolCall();
}

function toolReturnedEvent(event: ToolAuditEvent): void {
  const scope = activeRunScope();
  if (scope === undefined) return;
  scope.emit({
    kind: 'tool.returned',
    agentId: event.caller.agentId,
    taskId: event.caller.task,
    correlationId: event.callId,
    causationId: scope.toolCalls.get(event.callId),
    toolName: event.tool,
    success: event.outcome === 'Success',
    outcome: event.outcome,
    durationMs: event.durationMilliseconds,
  });
  scope.toolCalls.delete(event.callId);
}
