// Opt-in packages are imported when their section is present, and only their settings before that:
// a command that does not use one does not pay for loading it.
import { join } from 'node:path';
import { cognitiveMemorySettings } from '@orkeon/cognitive-memory/settings';
import { nistComplianceSettings } from '@orkeon/compliance/settings';
import {
  AuditTrailService,
  addLlmConsoleStreaming,
  auditSettings,
  ChangeFeedService,
  type Configuration,
  createRuntime,
  DocumentStoreService,
  EventHubService,
  fileSystemSettings,
  type HumanInputChannel,
  HumanInputChannelService,
  LlmDeltaSinkService,
  type Logger,
  llmSettings,
  MemoryStoresService,
  memoryStoresFrom,
  parseMount,
  type RunEvent,
  RunEventListenerService,
  type Runtime,
  ServiceCollection,
  StateStoreService,
  telemetrySettings,
} from '@orkeon/core';
import { dlpSettings } from '@orkeon/dlp/settings';
import { addSvcLocalEmbeddings, localEmbeddingsSettings } from '@orkeon/embeddings-local';
import { addSvcEventHub, addSvcEventHubAcl } from '@orkeon/event-hub';
import { postgresEventHubSettings } from '@orkeon/event-hub-postgres/settings';
import { keyRotationSettings } from '@orkeon/key-rotation/settings';
import { mcpSettings } from '@orkeon/mcp/settings';
import { monitoringSettings } from '@orkeon/monitoring/settings';
import { multiModalSettings } from '@orkeon/multimodal/settings';
import { pluginSettings } from '@orkeon/plugins/settings';
import { addSvcLlm } from '@orkeon/providers';
import { addSvcRag, addSvcRagTools } from '@orkeon/rag';
import { addSvcOnnxReranker } from '@orkeon/rag-onnx';
import { addRaggableTree } from '@orkeon/raggable-tree';
import { tokenBudgetSettings, toolRateLimitingSettings } from '@orkeon/rate-limiting/settings';
import { addSvcSqliteMemory } from '@orkeon/store-sqlite';
import { TelemetryContributionService } from '@orkeon/telemetry/contribution';
import { addSvcTools } from '@orkeon/tools';
import { compliancePackageSettings } from '../commands/compliance-package-settings.js';
import { addConfiguredMemoryStores, installedMemoryStorePackages } from './memory-store-packages.js';
import { openAuditTrail } from './open-audit-trail.js';
import { openDocumentStore } from './open-document-store.js';
import { openStateStore } from './open-state-store.js';
import { letModulesImportOrkeon } from './orkeon-imports.js';
import { postgresStoresFor } from './postgres-stores.js';
import { importToolFamilyPackage } from './tool-family-packages.js';

/** A runtime and what the command must close after it. */
export interface CliRuntime {
  readonly runtime: Runtime;
  /** Disposes the runtime and closes the state store, if one was opened. */
  close(): Promise<void>;
}

/**
 * The runtime `orkeon run` and `orkeon serve` work in: the models of the `Llm`
 * settings, the tools of the `MCP` servers,
 * telemetry (when exported or read in process), the tool families of the catalogue (`addSvcTools`), the human-input channel (run only), the `--mount`
 * mounts (relative to the working directory; one on a root the settings declare
 * replaces it) and the crew's folder read-only at `/crew` unless something else is
 * mounted there. The state database opens only when a crew run first needs it.
 */
export async function createCliRuntime(options: {
  configuration: Configuration;
  logger: Logger;
  crewFolder: string;
  workingDirectory: string;
  mounts: readonly string[];
  /** Where a person answers the human_input tool and the permission gate (run only); none: asks are refused. */
  humanInput?: HumanInputChannel | undefined;
  /** Standard output is JSON lines (`--events jsonl`): nothing else may be written there. */
  jsonl?: boolean;
  /** Where `Svc:Cli:ConsoleStreaming` writes the streamed model text. */
  stdout?: NodeJS.WritableStream;
  onEvent?: (event: RunEvent) => void;
  /** The checkpoint database; default `.orkeon/state.db` in the crew folder. */
  statePath?: string;
  /** The command's own subsystems (`addSvcA2A`, …), registered in the same container. */
  register?: (services: ServiceCollection) => void;
}): Promise<CliRuntime> {
  const { configuration, logger } = options;
  const services = new ServiceCollection();
  addSvcLlm(services, configuration, logger);
  // Before the MCP servers connect: with a channel they may ask a person to fill a form (elicitation).
  if (options.humanInput !== undefined) services.addInstance(HumanInputChannelService, options.humanInput);
  // Every MCP server connects, all at once, before the crew loads; their tools join the registry. The MCP
  // package (and its SDK) loads only when a server is configured.
  const mcp = configuration.get(mcpSettings);
  if (mcp.Enabled && Object.keys(mcp.Servers).length > 0)
    await (await import('@orkeon/mcp')).addSvcMcp(services, configuration, { logger });
  // The monitoring backend (Beta) when its section is present, e.g. "Svc": { "Monitoring": {} }: it joins the
  // telemetry providers (starting them when no exporter is configured) and logs a summary when the runtime closes.
  if (configuration.has(monitoringSettings.path))
    (await import('@orkeon/monitoring')).addSvcMonitoring(services, configuration, { logger });
  // Every tool family whose package is installed (shell, session, web, …); their libraries load here, not at start.
  await addSvcTools(services, configuration, { logger, load: importToolFamilyPackage });
  if (options.onEvent !== undefined) services.addInstance(RunEventListenerService, options.onEvent);
  // Standard output carries JSON lines: streamed text goes in llm.delta events (--stream), never raw.
  if (options.jsonl === true) services.addInstance(LlmDeltaSinkService, () => {});
  else if (options.stdout !== undefined) addLlmConsoleStreaming(services, configuration, options.stdout);
  // The PostgreSQL stores load only when the settings name a database.
  const postgresStores = await postgresStoresFor(configuration);
  let opened: { close(): Promise<void> } | undefined;
  const statePath = options.statePath ?? join(options.crewFolder, '.orkeon', 'state.db');
  services.addSingleton(StateStoreService, () => {
    const store = openStateStore(configuration, statePath, postgresStores);
    opened = store;
    return store;
  });
  // A2A task records and crew execution states: the same file, their own table.
  let openedDocuments: { close(): Promise<void> } | undefined;
  services.addSingleton(DocumentStoreService, () => {
    const store = openDocumentStore(configuration, statePath, postgresStores);
    openedDocuments = store;
    return store;
  });
  // Instances on one PostgreSQL hear each other's changes (an A2A task followed or cancelled on another instance).
  let openedFeed: { close(): Promise<void> } | undefined;
  if (postgresStores !== undefined)
    services.addSingleton(ChangeFeedService, () => {
      const feed = new postgresStores.stores.PostgresChangeFeed({
        connectionString: postgresStores.connectionString,
        schema: postgresStores.schema,
        logger,
      });
      openedFeed = feed;
      return feed;
    });
  // The audit trail (Svc:Security:Audit, on by default): the same file or schema, its own table.
  if (configuration.get(auditSettings).Enabled)
    services.addSingleton(AuditTrailService, () => openAuditTrail(configuration, statePath, postgresStores));
  // Memories live in the state file unless the settings name another store.
  addSvcSqliteMemory(services, configuration, { defaultPath: statePath, baseDirectory: options.workingDirectory });
  // Embeddings that work offline with no set-up (the model loads at the first embed), unless the
  // settings name a provider's embedding model (Llm:EmbeddingModel) and say nothing of the local one.
  if (configuration.get(llmSettings).EmbeddingModel === undefined || configuration.has(localEmbeddingsSettings.path))
    addSvcLocalEmbeddings(services, configuration);
  addConfiguredMemoryStores(services, configuration, await installedMemoryStorePackages());
  // Cognitive memory (experimental) when its section is present, e.g. "Svc": { "CognitiveMemory": {} }.
  if (configuration.has(cognitiveMemorySettings.path))
    (await import('@orkeon/cognitive-memory')).addSvcCognitiveMemory(services, configuration, { logger });
  // Data-loss prevention (experimental) when its section is present, e.g. "Svc": { "Dlp": {} }.
  if (configuration.has(dlpSettings.path)) (await import('@orkeon/dlp')).addSvcDlp(services, configuration, { logger });
  // Multimodal content (Beta) when its section is present, e.g. "Svc": { "MultiModal": {} }: tasks' attachments
  // and tool results' images reach vision-capable providers.
  if (configuration.has(multiModalSettings.path))
    (await import('@orkeon/multimodal')).addSvcMultiModal(services, configuration);
  // Key rotation (Beta) when its section is present, e.g. "Svc": { "KeyRotation": { "PreviousSecretName": "…" } }:
  // memories sealed with the previous key stay readable until orkeon keys rotate re-encrypts them.
  if (configuration.has(keyRotationSettings.path))
    (await import('@orkeon/key-rotation')).addSvcKeyRotation(services, configuration, { logger });
  // NIST SP 800-53 reports (experimental) when their section is present, e.g. "Svc": { "Compliance": {} };
  // Svc:Compliance:ReportPath writes one after every run.
  if (configuration.has(nistComplianceSettings.path))
    (await import('@orkeon/compliance')).addSvcNistCompliance(services, configuration, {
      logger,
      packageSettings: compliancePackageSettings(configuration),
      baseDirectory: options.workingDirectory,
    });
  // Tool rate limiting and token budgets (experimental) when either section is present, e.g. "ToolRateLimiting": {};
  // applied to the run only with ToolRateLimiting:ApplyInPipeline / TokenBudget:ApplyInAgentLoop.
  if (configuration.has(toolRateLimitingSettings.path) || configuration.has(tokenBudgetSettings.path))
    (await import('@orkeon/rate-limiting')).addSvcToolRateLimiting(services, configuration, { logger });
  services.addSingleton(MemoryStoresService, memoryStoresFrom(configuration, 'sqlite'));
  // Knowledge bases (Svc:Rag): rag_search and rag_ingest over the memory store and the embeddings above;
  // the local cross-encoder when Svc:Rag:OnnxReranker:ModelDirectory names its folder (loaded at the first rerank).
  addSvcRagTools(addSvcRag(services, configuration));
  addSvcOnnxReranker(services, configuration, { baseDirectory: options.workingDirectory });
  // Codebase context (RaggableTree, on unless RaggableTree:Enabled is false): the code tools over /crew;
  // nothing is parsed until a tool is used.
  addRaggableTree(services, configuration);
  // The event hub, with crews' links held by the ACL stage (permissive for crews declaring none): in this
  // process, or shared through PostgreSQL when Svc:EventHub:Postgres:ConnectionString is set.
  addSvcEventHubAcl(services);
  const postgresHub =
    configuration.get(postgresEventHubSettings).ConnectionString === undefined
      ? undefined
      : await import('@orkeon/event-hub-postgres');
  postgresHub?.addSvcPostgresEventHub(services, configuration);
  addSvcEventHub(services, configuration);
  options.register?.(services);
  const cliMounts = options.mounts.map((text) => parseMount(text, { baseDirectory: options.workingDirectory }));
  const declared = [
    ...configuration.get(fileSystemSettings).Mounts.map((text) => parseMount(text).virtual),
    ...cliMounts.map((mount) => mount.virtual),
  ];
  const crewMount = declared.includes('/crew')
    ? []
    : [{ physical: options.crewFolder, virtual: '/crew', rights: 'ro' as const }];
  // Plugins (Beta, full trust) only when their section is present, e.g. "Plugins": { "Directory": "/plugins" }:
  // found through the same mounts as the runtime's, and loaded last, so that their registrations win.
  // Like crew modules, they may import `@orkeon/core` and `zod` from a folder without a node_modules.
  if (configuration.has(pluginSettings.path)) {
    letModulesImportOrkeon();
    await (await import('@orkeon/plugins')).addSvcPlugins(services, configuration, {
      logger,
      mounts: [...crewMount, ...cliMounts],
    });
  }
  // The OpenTelemetry SDK loads only when something reads what it records: an exporter in the settings or the
  // environment, or a contribution (the monitoring backend's, a plugin's).
  if (telemetryExported(configuration) || services.has(TelemetryContributionService))
    (await import('@orkeon/telemetry')).addSvcTelemetry(services, configuration);
  const runtime = await createRuntime({ configuration, services, logger, mounts: [...crewMount, ...cliMounts] });
  // A hub configured on PostgreSQL that cannot be reached stops the command now, not at a crew's first message.
  const hub = runtime.services.get(EventHubService);
  if (postgresHub !== undefined && hub instanceof postgresHub.PostgresEventHub)
    await hub.ready().catch(async (error: unknown) => {
      await runtime.dispose();
      throw error;
    });
  return {
    runtime,
    async close() {
      try {
        await runtime.dispose();
      } finally {
        await opened?.close();
        await openedDocuments?.close();
        await openedFeed?.close();
      }
    },
  };
}

/** The crew's required roots (`mounts:`) that no mount provides, as a usage error message. */
export function missingCrewMounts(runtime: Runtime, required: readonly string[]): string | undefined {
  const available = runtime.vfs.mounts().map((mount) => mount.virtualPath);
  const missing = required.map((root) => root.split('|').at(-1) ?? root).filter((root) => !available.includes(root));
  if (missing.length === 0) return undefined;
  return `The crew needs the mount(s) ${missing.join(', ')}, which nothing provides. Give them with --mount, e.g. --mount ./out:${missing[0]}:rw, or in Svc:FileSystem:Mounts.`;
}

/** Whether `Telemetry` (or `OTEL_EXPORTER_OTLP_ENDPOINT`) names a destination, as `startTelemetry` reads them. */
function telemetryExported(configuration: Configuration): boolean {
  const settings = configuration.get(telemetrySettings);
  const endpoint = settings.OtlpEndpoint ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return settings.ExportToConsole || (endpoint !== undefined && endpoint.replace(/\/+$/, '') !== '');
}
