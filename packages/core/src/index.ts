// The package's public surface: re-exports only, one block per concept, so its length is the API's.

export { addSvcAudit } from './audit/add-svc-audit.js';
export {
  type AuditKind,
  type AuditOutcome,
  type AuditQuery,
  type AuditRecord,
  auditKinds,
  auditOutcomes,
  defaultAuditQueryLimit,
  maximumAuditQueryLimit,
  type StoredAuditRecord,
} from './audit/audit-record.js';
export { AuditRecorder, type AuditRecorderOptions, AuditRecorderService } from './audit/audit-recorder.js';
export { auditSettings } from './audit/audit-settings.js';
export { type AuditTrail, AuditTrailService } from './audit/audit-trail.js';
export { InMemoryAuditTrail } from './audit/in-memory-audit-trail.js';
export { AgentBudgetExhaustedError } from './autonomous/agent-budget-exhausted-error.js';
export {
  AgentChannel,
  type AgentChannelHandler,
  type AgentChannelRequest,
  type AgentChannelResponse,
  AgentChannelTimeoutError,
  defaultAgentChannelTimeoutMilliseconds,
} from './autonomous/agent-channel.js';
export {
  type AgentBudgetSnapshot,
  type AgentBudgetUsage,
  AgentExecutionBudget,
} from './autonomous/agent-execution-budget.js';
export {
  type AgentBudgetDimension,
  type AgentExecutionBudgetLimits,
  type AgentExecutionBudgetPresetName,
  agentBudgetDimensions,
  agentExecutionBudgetPresetNames,
  agentExecutionBudgetPresets,
} from './autonomous/agent-execution-budget-limits.js';
export { AgentSpawnRefusedError } from './autonomous/agent-spawn-refused-error.js';
export {
  AgentSpawner,
  type AgentSpawnerParts,
  activeAgentSpawner,
  type HelperWork,
  type SpawnedAgent,
  type SpawnRequest,
  spawnAgentToolName,
  withAgentSpawner,
} from './autonomous/agent-spawner.js';
export {
  type ExecutionBudgetInput,
  type ExecutionBudgetLimitsSetting,
  type ExecutionBudgetSetting,
  executionBudgetLimits,
  executionBudgetSchema,
} from './autonomous/execution-budget-setting.js';
export { createSpawnAgentTool, type SpawnAgentToolOptions } from './autonomous/spawn-agent-tool.js';
export { BudgetExhaustedError, type BudgetExhaustion } from './budget/budget-exhausted-error.js';
export {
  type CrewBudget,
  type CrewBudgetDimension,
  crewBudgetDimensions,
  crewBudgetSchema,
  parseDurationSeconds,
} from './budget/crew-budget.js';
export { CrewBudgetMeter, type CrewBudgetMeterOptions, type CrewBudgetUsage } from './budget/crew-budget-meter.js';
export {
  type FinishedModelCall,
  type ModelCallBudget,
  ModelCallBudgetService,
  type ModelCallSubject,
} from './budget/model-call-budget.js';
export { addCheckpointing } from './checkpoint/add-checkpointing.js';
export {
  InvalidHistoryLimitError,
  InvalidSessionIdError,
  InvalidSessionStateError,
  StateStoreClosedError,
} from './checkpoint/checkpoint-errors.js';
export { CheckpointManager, type CheckpointManagerOptions, type TaskTiming } from './checkpoint/checkpoint-manager.js';
export { InMemoryStateStore, type InMemoryStateStoreOptions } from './checkpoint/in-memory-state-store.js';
export {
  ResumeEngine,
  type ResumeEngineOptions,
  type ResumeOptions,
  type ResumeResult,
} from './checkpoint/resume-engine.js';
export {
  type SessionPhase,
  type SessionState,
  type SessionSummary,
  sessionPhases,
  type TaskCheckpoint,
  /** @deprecated The same type as `TaskStatus`. */
  type TaskStatus as CheckpointTaskStatus,
  type TaskStatus,
  taskStatuses,
  type VersionedState,
} from './checkpoint/session-state.js';
export {
  type HistoryOptions,
  type SaveVersionedOptions,
  type StateStore,
  StateStoreService,
} from './checkpoint/state-store.js';
export {
  Configuration,
  type LoadConfigurationOptions,
  loadConfiguration,
  type SettingsEntry,
  settingsAliases,
  settingsFileName,
} from './config/configuration.js';
export { ConfigurationError, type SettingsProblem } from './config/configuration-error.js';
export { describeAllowed } from './config/describe-allowed.js';
export { isSecretKey, redactedText } from './config/secret-keys.js';
export { bindSettingsInCode } from './config/settings-in-code.js';
export { renderSettingsReference } from './config/settings-reference.js';
export {
  defineSettingsSection,
  type SectionSettings,
  type SettingsJsonSchema,
  type SettingsSection,
} from './config/settings-section.js';
export {
  environmentPrefix,
  parseSettingsText,
  readSettingsFile,
  settingsFromArguments,
  settingsFromEnvironment,
} from './config/settings-sources.js';
export type { SettingsLayer, SettingsScalar, SettingsTree, SettingsValue } from './config/settings-tree.js';
export { anonymousLabels } from './consensus/anonymous-labels.js';
export { type Ballot, readBallot } from './consensus/ballot.js';
export {
  type ConsensusFallbackStrategy,
  type ConsensusOverrides,
  type ConsensusType,
  type ConsensusVotingOptions,
  consensusFallbackStrategies,
  consensusOptionsFor,
  consensusTypes,
  consensusVotingSettings,
} from './consensus/consensus-settings.js';
export { type ConsensusTally, type CountedBallot, tallyBallots } from './consensus/consensus-tally.js';
export { type ConversationSettings, conversationSettings } from './conversations/conversation-settings.js';
export {
  ConversationIdError,
  checkedId as checkedConversationId,
  estimatedTokens,
  type ThreadContext,
  type ThreadInfo,
  type ThreadLimits,
  type ThreadMessage,
  ThreadStore,
  threadCollection,
  threadMessageCollection,
} from './conversations/thread-store.js';
export { ThreadStoreService } from './conversations/thread-store-service.js';
export { coreSettingsSections } from './core-settings-sections.js';
export { AgentBuilder, agentBuilder } from './crew/agent-builder.js';
export type { AgentCodeFields } from './crew/agent-code-fields.js';
export { type AgentDefinition, type AgentInput, defaultAgentMaxIterations } from './crew/agent-definition.js';
export { type AgentSelectionStrategy, agentSelectionStrategies } from './crew/agent-selection-strategy.js';
export { CrewBuilder, crewBuilder } from './crew/crew-builder.js';
export type { CrewDefinition, CrewInput } from './crew/crew-definition.js';
export { crewJsonSchema } from './crew/crew-json-schema.js';
export { type CrewProblem, type CrewProblemCode, formatCrewProblem, type SourceLocation } from './crew/crew-problem.js';
export { crewFileSchema, crewSchema } from './crew/crew-schema.js';
export { CrewValidationError } from './crew/crew-validation-error.js';
export { defineAgent, defineCrew, defineTask } from './crew/define-crew.js';
export { type CrewLlmSettings, resolveLlmSettings } from './crew/llm-settings.js';
export { type LoadCrewOptions, type LoadedCrew, loadCrew } from './crew/load-crew.js';
export { type ProcessType, processTypes, runnableProcessTypes } from './crew/process-type.js';
export { TaskBuilder, taskBuilder } from './crew/task-builder.js';
export {
  type Deliverable,
  type DeliverableFormat,
  deliverableFormats,
  type TaskDefinition,
  type TaskInput,
} from './crew/task-definition.js';
export { type CrewValidation, type CrewValidationOptions, validateCrew } from './crew/validate-crew.js';
export { type CrewLayout, crewRootFileNames } from './crew/yaml/crew-layout.js';
export { CrewMemory, type CrewMemoryOptions, type RecalledMemory } from './crew-memory/crew-memory.js';
export { type CrewMemorySettings, crewMemorySettings } from './crew-memory/crew-memory-settings.js';
export {
  type MemoryLayer,
  type MemoryLayerRecallRequest,
  type MemoryLayerRememberRequest,
  MemoryLayerService,
} from './crew-memory/memory-layer.js';
export { type MemoryScope, type MemoryScopeIds, memoryScopes, memoryScopeTag } from './crew-memory/memory-scope.js';
export {
  createMemoryStoreTool,
  type MemoryCategory,
  type MemoryStoreToolParts,
  memoryCategories,
} from './crew-memory/memory-store-tool.js';
export {
  type DlpAction,
  type DlpChannel,
  type DlpChannelGuard,
  DlpChannelGuardService,
  type DlpContentSource,
  type DlpInterception,
  dlpActions,
  dlpBlockedNotice,
  dlpChannels,
} from './dlp/dlp-channel-guard.js';
export { type DlpDetection, describeDlpDetection } from './dlp/dlp-detection.js';
export { dlpScreenedLogger } from './dlp/dlp-log-channel.js';
export { DlpMemoryProvider } from './dlp/dlp-memory-provider.js';
export {
  describePiiCount,
  type PiiDetector,
  PiiDetectorService,
  type PiiMatch,
  type PiiType,
  piiTypes,
} from './dlp/pii-detector.js';
export { addDocumentStore } from './documents/add-document-store.js';
export { type ChangeFeed, ChangeFeedService, InProcessChangeFeed } from './documents/change-feed.js';
export {
  DocumentStoreClosedError,
  DocumentVersionConflictError,
  InvalidDocumentCollectionError,
  InvalidDocumentKeyError,
  InvalidDocumentOptionError,
  InvalidDocumentValueError,
} from './documents/document-errors.js';
export {
  type DeleteDocumentOptions,
  type DocumentStore,
  DocumentStoreService,
  type JsonValue,
  type ListDocumentsOptions,
  type PutDocumentOptions,
  type StoredDocument,
} from './documents/document-store.js';
export { InMemoryDocumentStore, type InMemoryDocumentStoreOptions } from './documents/in-memory-document-store.js';
export { type UpdateDocumentOptions, updateDocument } from './documents/update-document.js';
export { addDefaultEmbeddingProvider } from './embeddings/add-default-embedding-provider.js';
export {
  type AiSdkEmbeddingProviderOptions,
  createAiSdkEmbeddingProvider,
} from './embeddings/ai-sdk-embedding-provider.js';
export {
  type EmbeddingProvider,
  EmbeddingProviderService,
  type EmbedOptions,
} from './embeddings/embedding-provider.js';
export {
  LocalEmbeddingProviderService,
  RemoteEmbeddingProviderService,
} from './embeddings/embedding-provider-services.js';
export { EmbeddingProviderUnavailableError } from './embeddings/embedding-provider-unavailable-error.js';
export {
  createUnavailableEmbeddingProvider,
  unavailableEmbeddingModel,
} from './embeddings/unavailable-embedding-provider.js';
export {
  AesGcmEncryptionProvider,
  type AesGcmEncryptionProviderOptions,
} from './encryption/aes-gcm-encryption-provider.js';
export {
  DecryptionFailedError,
  EncryptionKeyInvalidError,
  InPlaceKeyRotationUnsupportedError,
} from './encryption/encryption-errors.js';
export type { EncryptionProvider } from './encryption/encryption-provider.js';
export {
  currentMemoryEncryption,
  type MemoryEncryptionContext,
  type MemoryEncryptionProviderFactory,
  MemoryEncryptionProviderFactoryService,
  openMemoryEncryption,
  secretStoreFor,
} from './encryption/memory-encryption.js';
export { type CoreErrorCode, coreErrorCodes } from './errors/error-codes.js';
export { OrkeonError, type OrkeonErrorOptions } from './errors/orkeon-error.js';
// The event hub port (crews talking to crews; @orkeon/event-hub implements it).
export {
  type CrewLink,
  type CrewLinkDirection,
  CrewLinkRegistry,
  CrewLinksService,
  crewLinkDirections,
} from './event-hub/crew-link.js';
export {
  type EventHub,
  type EventHubClient,
  EventHubService,
  type HubIdentity,
  type HubLastValue,
  type HubListener,
  type HubListenOptions,
  type HubPostOptions,
  type HubPublishOptions,
  type HubReplyOptions,
  type HubSendOptions,
  type HubSubscription,
  type HubWaitOptions,
  type HubWaitTarget,
  type HubWaitTimeout,
} from './event-hub/event-hub.js';
export { EventHubError, type EventHubErrorCode, eventHubErrorCodes } from './event-hub/event-hub-error.js';
export {
  type EventHubStage,
  EventHubStageService,
  type HubNext,
  type HubPattern,
  type HubStageContext,
} from './event-hub/event-hub-stage.js';
export {
  defaultHubSchemaId,
  type HubMessage,
  reservedTopicPrefix,
  systemCrewId,
  waitTimedOutTopic,
} from './event-hub/hub-message.js';
export {
  crewOfMailbox,
  linkPeerOfMailbox,
  type MailboxAddress,
  mailboxAddressForms,
  parseMailboxAddress,
} from './event-hub/mailbox-address.js';
export { addCrewExecutionStatePersistence } from './execution-state/add-crew-execution-state-persistence.js';
export {
  type CrewExecutionOutcome,
  type CrewExecutionState,
  type CrewExecutionStateChanges,
  type CrewExecutionStatus,
  crewExecutionStatuses,
  type ExecutionMetadataValue,
} from './execution-state/crew-execution-state.js';
export {
  CrewExecutionStateManager,
  type CrewExecutionStateManagerOptions,
  CrewExecutionStateManagerService,
} from './execution-state/crew-execution-state-manager.js';
export {
  ExecutionStateConflictError,
  ExecutionStateNotFoundError,
  InvalidCrewIdError,
  InvalidExecutionIdError,
  InvalidExecutionMetadataError,
  UnreadableExecutionStateError,
} from './execution-state/execution-state-errors.js';
export { crewExecutionStatePersistenceSettings } from './execution-state/execution-state-settings.js';
export { toInvariantString } from './execution-state/invariant-metadata.js';
export { CircuitBreaker, type CircuitBreakerCounters, type CircuitBreakerTrip } from './graph/circuit-breaker.js';
export {
  type CircuitBreakerMechanism,
  type CircuitBreakerPolicy,
  type CircuitBreakerPresetName,
  circuitBreakerPolicy,
  circuitBreakerPresetNames,
  circuitBreakerPresets,
} from './graph/circuit-breaker-policy.js';
export {
  CompiledGraph,
  type GraphRunOptions,
  type GraphRunResult,
  type GraphRunStatus,
  type GraphStepEvent,
  type GraphStream,
} from './graph/compiled-graph.js';
export {
  agentNode,
  CrewGraph,
  type CrewGraphNode,
  type CrewGraphServices,
  type CrewGraphState,
  crewGraph,
  emptyCrewGraphState,
  taskNode,
} from './graph/crew-graph.js';
export { type GraphCheckpoint, type GraphCheckpointer, memoryGraphCheckpointer } from './graph/graph-checkpoint.js';
export { GraphDefinitionError, GraphRunError } from './graph/graph-errors.js';
export type { GraphNode, GraphNodeContext, GraphNodeUpdate, GraphRouter } from './graph/graph-node.js';
export type {
  GraphBreakerTripped,
  GraphNodeCompleted,
  GraphNodeStatus,
  GraphRunEvent,
  GraphRunListener,
} from './graph/graph-run-events.js';
export { END, START } from './graph/graph-sentinels.js';
export { type CompileOptions, StateGraph } from './graph/state-graph.js';
export { addSvcGuardian, GuardianDecisionListenerService, GuardianService } from './guardian/add-svc-guardian.js';
export {
  envelope as toolResultEnvelope,
  Guardian,
  type GuardianDecision,
  type GuardianOptions,
  type GuardianPhase,
  guardianBlockMessage,
} from './guardian/guardian.js';
export { GuardianBlockedError } from './guardian/guardian-blocked-error.js';
export {
  defaultBlockedPorts,
  guardianSettings,
  type PromptPolicy,
  promptPolicies,
  promptSecuritySettings,
  type ToolResultPolicy,
  toolResultPolicies,
  toolResultSecuritySettings,
  urlSecuritySettings,
} from './guardian/guardian-settings.js';
export {
  type InjectionFinding,
  type InjectionScan,
  type ScreenedSource,
  scanForInjection,
} from './guardian/injection-detector.js';
export type { InjectionClass, InjectionSeverity } from './guardian/injection-patterns.js';
export { screenToolCall, type ToolCallRefusal, type ToolCallRule } from './guardian/tool-call-screen.js';
export {
  defineGuardrail,
  type Guardrail,
  type GuardrailContext,
  type GuardrailResult,
  type GuardrailStage,
  guardrailStages,
} from './guardrails/guardrail.js';
export { addGuardrail, GuardrailCatalogue, GuardrailService } from './guardrails/guardrail-catalogue.js';
export { type GuardrailOutcome, GuardrailSet, type GuardrailTrip } from './guardrails/guardrail-set.js';
export { GuardrailTrippedError, guardrailBlockMessage } from './guardrails/guardrail-tripped-error.js';
export { addAfterKickoffHook, addBeforeKickoffHook, addSvcKickoffHooks } from './hooks/add-svc-kickoff-hooks.js';
export {
  CrewKickoffHookRunner,
  type CrewKickoffHookRunnerOptions,
  CrewKickoffHookRunnerService,
} from './hooks/crew-kickoff-hook-runner.js';
export {
  type AfterKickoffHook,
  AfterKickoffHookService,
  type BeforeKickoffHook,
  BeforeKickoffHookService,
  type KickoffCrew,
} from './hooks/kickoff-hook.js';
export { InvalidKickoffHookError, KickoffHookError, type KickoffHookStage } from './hooks/kickoff-hook-errors.js';
export { elicitationChannel } from './human-input/elicitation-channel.js';
export { HumanInputAsker, type HumanInputObserver } from './human-input/human-input-asker.js';
export {
  type HumanInputAnswer,
  type HumanInputChannel,
  HumanInputChannelService,
  type HumanInputKind,
  type HumanInputRequest,
  humanInputKinds,
  isApproval,
} from './human-input/human-input-channel.js';
export { createHumanInputTool, humanInputToolName } from './human-input/human-input-tool.js';
export { PendingHumanInput } from './human-input/pending-human-input.js';
export {
  type KnowledgeAttachment,
  type KnowledgeBase,
  KnowledgeBaseService,
  type KnowledgeCollection,
  type KnowledgePassage,
  type KnowledgeProfile,
  knowledgeProfiles,
} from './knowledge/knowledge-base.js';
export { KnowledgeBaseUnavailableError } from './knowledge/knowledge-base-unavailable-error.js';
export { type CallingModel, callingModel, withCallingModel } from './llm/calling-model.js';
export { type ChatModel, ChatModelService } from './llm/chat-model.js';
export {
  addLlmConsoleStreaming,
  consoleStreamingSettings,
  type LlmDeltaSink,
  LlmDeltaSinkService,
} from './llm/console-streaming.js';
export { createLlmClient } from './llm/create-llm-client.js';
export { createEchoModel, echoNotice } from './llm/echo-model.js';
export {
  type ActOptions,
  type ActResult,
  type CompleteOptions,
  type CompleteResult,
  callSettings,
  defaultMaxIterations,
  type LegacyLlmCallSettings,
  type LlmCallSettings,
  LlmClient,
  type LlmClientOptions,
  type ResponseFormat,
  type TokenUsage,
} from './llm/llm-client.js';
export {
  LlmEndpointError,
  LlmError,
  LlmProviderError,
  LlmRateLimitError,
  LlmTimeoutError,
  MissingApiKeyError,
  toLlmError,
} from './llm/llm-errors.js';
export { llmSettings } from './llm/llm-settings.js';
export {
  type ModelRetry,
  maximumRetryDelayMilliseconds,
  type RetryPolicy,
  retryDelay,
  withRetries,
} from './llm/retry-policy.js';
export {
  type AgentStep,
  allOf,
  anyOf,
  type StopCondition,
  stepCountIs,
  textIncludes,
  tokensAtLeast,
  toolCalled,
} from './llm/stop-conditions.js';
export { isChatModel, type ModelInput, toChatModel } from './llm/to-chat-model.js';
export { providersTakingToolMedia } from './llm/tool-model-output.js';
export { createUnavailableModel } from './llm/unavailable-model.js';
export { createLogger, type Logger, type LoggerOptions, LoggerService, levelForVerbosity } from './logging/logger.js';
export { type LogLevel, loggingSettings, logLevels } from './logging/logging-settings.js';
export { createSecretScrubber, redactSecretFields } from './logging/secret-redaction.js';
export { cosineSimilarity } from './memory/cosine-similarity.js';
export {
  decryptMemoryContent,
  EncryptedMemoryProvider,
  encryptedContentPrefix,
  isEncryptedContent,
  keyVersionProperty,
  MemoryDecryptionError,
  type MemoryEncryptionKey,
  sealMemoryItem,
} from './memory/encrypted-memory-provider.js';
export {
  type EncryptionSettings,
  encryptionSettings,
  type SecretStoreKind,
  secretStoreKinds,
} from './memory/encryption-settings.js';
export { InMemoryMemoryProvider } from './memory/in-memory-memory-provider.js';
export { loadMemoryEncryptionKey } from './memory/memory-encryption-key.js';
export {
  type MemoryFilter,
  type MemoryItem,
  type MemoryItemInput,
  type MemoryItemMetadata,
  type MemoryType,
  matchesMemoryFilter,
  memoryTypes,
  type ScoredMemoryItem,
} from './memory/memory-item.js';
export {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  createMemoryItem,
  MemoryItemError,
} from './memory/memory-items.js';
export type {
  MemoryEntry,
  MemoryListOptions,
  MemoryProvider,
  SimilarSearchOptions,
} from './memory/memory-provider.js';
export { type MemorySettings, memorySettings } from './memory/memory-settings.js';
export {
  type MemoryStoreContext,
  type MemoryStoreFactory,
  MemoryStoreFactoryService,
} from './memory/memory-store-factory.js';
export { isMemoryStorePackage, type MemoryStorePackage } from './memory/memory-store-package.js';
export {
  canonicalMemoryType,
  MemoryProviderUnknownError,
  MemoryStores,
  MemoryStoresService,
  memoryStoresFrom,
} from './memory/memory-stores.js';
export { memoryWordScore, memoryWords } from './memory/memory-words.js';
export {
  type MultiModalContent,
  MultiModalContentService,
  type MultiModalPart,
  type PromptAttachment,
  type ToolOutputForModel,
  type UserMessageContent,
} from './multimodal/multimodal-content.js';
export { type BlockedAddress, type BlockedAddressKind, blockedAddress } from './network/address-rules.js';
export { type IpAddress, parseIpAddress } from './network/ip-address.js';
export { parseAllowedHost, parseAllowedRange } from './network/network-allowlist.js';
export { type NetworkErrorCode, networkErrorCodes } from './network/network-error-codes.js';
export {
  type GuardedUrl,
  type HostResolver,
  NetworkGuard,
  type NetworkGuardOptions,
} from './network/network-guard.js';
export {
  type NetworkCheck,
  NetworkGuardOptionsError,
  type NetworkRefusal,
  NetworkRefusedError,
} from './network/network-refusal.js';
export { OutputPiiUncheckedError } from './output-validation/output-pii-unchecked-error.js';
export { defaultMaxRepairAttempts, type OutputValidation } from './output-validation/output-validation.js';
export { outputValidationSettings } from './output-validation/output-validation-settings.js';
export { outputViolations } from './output-validation/output-violations.js';
export { addSvcPermissionGate } from './permissions/add-svc-permission-gate.js';
export { UnknownPermissionModeError } from './permissions/permission-errors.js';
export {
  PermissionGate,
  type PermissionGateDecision,
  PermissionGateService,
  type PermissionPrompt,
  PermissionPromptService,
  type PermissionRequest,
  type PermissionVerdict,
} from './permissions/permission-gate.js';
export { permissionGateSettings } from './permissions/permission-gate-settings.js';
export { isPermissionMode, type PermissionMode, permissionModes } from './permissions/permission-mode.js';
export { classifyTool, type ToolClass } from './permissions/tool-classification.js';
export { type CrewPlan, type PlanStep, plannerRole, withPlan, writeCrewPlan } from './planning/crew-plan.js';
export { type AgentSelector, createAgentSelector } from './process/agent-selector.js';
export {
  type AutonomousProcessOptions,
  delegationTimeoutMilliseconds,
} from './process/autonomous-process.js';
export type {
  CrewEvent,
  CrewEventListener,
  FailureInfo,
  GraphBreakerTrippedEvent,
  GraphNodeCompletedEvent,
  RunCompletedEvent,
  RunFailedEvent,
  RunStartedEvent,
  TaskAssignedEvent,
  TaskCompletedEvent,
  TaskFailedEvent,
  TaskStartedEvent,
} from './process/crew-events.js';
export type { CrewResult, CrewResultMetadataValue, TaskOutcome, TaskOutcomeStatus } from './process/crew-result.js';
export type { LlmClientFactory } from './process/crew-run.js';
export { CrewRunError, TaskFailureError, UnsupportedProcessError } from './process/crew-run-errors.js';
export { EmbeddingProviderMissingError } from './process/embedding-agent-selector.js';
export { forEachLimited } from './process/for-each-limited.js';
export {
  circuitBreakerRetiredMessage,
  defaultMaxRetryCycles,
  type GraphConfig,
  type GraphConfigInput,
  graphConfigSchema,
  graphProcessBreaker,
} from './process/graph-config.js';
export { graphCheckpointId } from './process/graph-crew-process.js';
export { maxReviewsPerTask, needsRevisionPrefix } from './process/hierarchical-process.js';
export { defaultMaxConcurrency } from './process/parallel-process.js';
export { type RunCrewOptions, runCrew, toolNamesFor } from './process/run-crew.js';
export { dependencyWaves, taskRunOrder } from './process/task-order.js';
export { agentSystemPrompt, taskGoal } from './process/task-prompt.js';
export { createRuntime, type RuntimeOptions } from './runtime/create-runtime.js';
export { type LlmDefaults, ModelChoice } from './runtime/model-choice.js';
export {
  type HubLine,
  hubLineSchema,
  hubLineSchemas,
  type InputGiven,
  inputGivenSchema,
  type RunEvent,
  type RunEventBody,
  type RunEventKind,
  type RunEventListener,
  type RunEventOf,
  runEventSchema,
  runEventSchemas,
  runEventsJsonSchema,
  runEventVersion,
} from './runtime/run-events.js';
export { Runtime, type RuntimeParts } from './runtime/runtime.js';
export type {
  AgentRunOptions,
  AgentRunResult,
  CrewRunOptions,
  CrewRunResult,
  RunOptions,
  RunStream,
} from './runtime/runtime-results.js';
export {
  type ChatModelFactory,
  ChatModelFactoryService,
  HumanInputAskerService,
  RunEventListenerService,
  type TelemetryExporter,
  TelemetryExporterService,
  ToolRegistryService,
  ToolService,
  VirtualFileSystemService,
} from './runtime/runtime-services.js';
export { EnvironmentSecretStore, SecretStoreError, secretVariableName } from './secrets/environment-secret-store.js';
export { defaultSecretFilePath, FileSecretStore, SecretFileError } from './secrets/file-secret-store.js';
export { type SecretStore, SecretStoreService, type SecretWriteOptions } from './secrets/secret-store.js';
export {
  ServiceCollection,
  type ServiceFactory,
  type ServiceLifetime,
  type ServiceRegistration,
} from './services/service-collection.js';
export { ServiceNotRegisteredError, ServiceResolutionError } from './services/service-errors.js';
export { ServiceProvider, type ServiceResolver } from './services/service-provider.js';
export { type ServiceToken, serviceToken } from './services/service-token.js';
export { withCrewRunSpan } from './telemetry/crew-run-span.js';
export { errorType, GenAi, MetricNames, OrkeonAttributes, setModelPrices } from './telemetry/gen-ai-telemetry.js';
export { type MetricsExposition, MetricsExpositionService } from './telemetry/metrics-exposition.js';
export { builtInModelPrices, estimateCost, type ModelPrice } from './telemetry/model-prices.js';
export { withTelemetry } from './telemetry/model-telemetry.js';
export { telemetrySettings } from './telemetry/telemetry-settings.js';
export { closestMatch } from './text/closest-match.js';
export type {
  ToolCallerRequests,
  ToolElicitation,
  ToolElicitationContent,
  ToolElicitationField,
  ToolElicitationResult,
  ToolSamplingMessage,
  ToolSamplingRequest,
  ToolSamplingResult,
} from './tools/caller-requests.js';
export {
  askCoworkerToolName,
  collaborationToolNames,
  createCollaborationTools,
  delegateWorkToolName,
} from './tools/collaboration/collaboration-tools.js';
export type {
  Consultation,
  ConsultationResult,
  Coworker,
  Coworkers,
  CoworkersLookup,
} from './tools/collaboration/coworkers.js';
export { delegationSettings } from './tools/collaboration/delegation-settings.js';
export { countPatternTool } from './tools/file/count-pattern-tool.js';
export { directoryReadTool } from './tools/file/directory-read-tool.js';
export { fileReadTool } from './tools/file/file-read-tool.js';
export { fileTools } from './tools/file/file-tools.js';
export { fileWriteTool } from './tools/file/file-write-tool.js';
export { listMountsTool } from './tools/file/list-mounts-tool.js';
export {
  type CallerIdentity,
  defineTool,
  type Tool,
  type ToolAccess,
  type ToolContext,
  type ToolDefinition,
  ToolDefinitionError,
  type ToolLogLevel,
  type ToolLogRecord,
  type ToolProgress,
  type ToolReturn,
  type ToolRunBudget,
  type ToolRunModelUsage,
  type ToolRunUsage,
  type ToolRunView,
  toolInputJsonSchema,
} from './tools/tool.js';
export { type ToolAuditEvent, type ToolAuditSink, ToolAuditSinkService } from './tools/tool-audit.js';
export {
  type InterceptedToolCall,
  type ToolCallInterceptor,
  ToolCallInterceptorService,
} from './tools/tool-call-interceptor.js';
export { ToolProgressError } from './tools/tool-call-listeners.js';
export {
  inToolFamily,
  type ToolCatalogueEntry,
  type ToolFamily,
  type ToolFamilyContext,
  toolFamilyOf,
} from './tools/tool-family.js';
export {
  defaultMaxResultCharacters,
  defaultToolTimeoutMilliseconds,
  type ToolInvocation,
  ToolInvocationPipeline,
  type ToolInvocationPipelineOptions,
  ToolInvocationPipelineService,
} from './tools/tool-invocation-pipeline.js';
export { ToolRegistry, ToolRegistryError } from './tools/tool-registry.js';
export {
  isToolResult,
  summarizeContent,
  ToolContentError,
  type ToolContentInput,
  type ToolContentPart,
  type ToolEmbeddedResource,
  type ToolOutcome,
  type ToolResult,
  toolBlocked,
  toolContent,
  toolDenied,
  toolFailure,
  toolSuccess,
  truncateToolResult,
} from './tools/tool-result.js';
export { describeRights, type FileRight, type RightsToken, rightsTokens } from './vfs/file-rights.js';
export type { FileSystem, MountInfo, ResolvedPath, VfsEntry } from './vfs/file-system.js';
export { defaultMaxFileSizeBytes, fileSystemSettings } from './vfs/file-system-settings.js';
export { type MountDefinition, parseMount, validateMount } from './vfs/mount.js';
export { MountError } from './vfs/mount-error.js';
export { isDenial, type VfsFailureCode, type VfsResult, vfsFailureCodes } from './vfs/vfs-result.js';
export { VirtualFileSystem, type VirtualFileSystemOptions } from './vfs/virtual-file-system.js';
export { normalizeVirtualPath } from './vfs/virtual-path.js';
