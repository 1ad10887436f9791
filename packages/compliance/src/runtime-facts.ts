import {
  AuditRecorderService,
  type AuditTrail,
  AuditTrailService,
  type FileSystem,
  GuardianService,
  InMemoryAuditTrail,
  PermissionGateService,
  PiiDetectorService,
  type ServiceResolver,
  TelemetryExporterService,
  ToolRegistryService,
  VirtualFileSystemService,
} from '@orkeon/core';
import type { ComplianceFacts } from './compliance-facts.js';
import { originOf } from './settings-facts.js';

/**
 * The facts of a live runtime: what its container really holds (a gate and its mode, the
 * Guardian, the audit recorder and where its trail is kept, the mounts, the PII detector,
 * the telemetry exporter, the shell tool) over the facts of its settings.
 */
export function runtimeFacts(resolver: ServiceResolver, fromSettings: ComplianceFacts): ComplianceFacts {
  const gate = resolver.tryGet(PermissionGateService);
  const guardian = resolver.tryGet(GuardianService);
  const recorder = resolver.tryGet(AuditRecorderService);
  const trail = resolver.tryGet(AuditTrailService);
  const fileSystem = resolver.tryGet(VirtualFileSystemService);
  const exporter = resolver.tryGet(TelemetryExporterService);
  const registry = resolver.tryGet(ToolRegistryService);
  const destinations = exporterDestinations(exporter);
  const piiDetector = resolver.tryGet(PiiDetectorService) !== undefined;
  return {
    ...fromSettings,
    basis: 'runtime',
    permissionGate: {
      ...fromSettings.permissionGate,
      registered: gate !== undefined,
      mode: gate?.defaultMode,
      active: gate !== undefined && gate.defaultMode !== 'bypassPermissions',
    },
    guardian: {
      ...fromSettings.guardian,
      on: guardian !== undefined,
      ...(guardian === undefined ? {} : { promptPolicy: guardian.promptPolicy }),
    },
    audit: {
      ...fromSettings.audit,
      enabled: recorder !== undefined,
      trail: recorder === undefined ? 'none' : describeTrail(trail),
      durable: recorder !== undefined && trail !== undefined && !(trail instanceof InMemoryAuditTrail),
    },
    ...(fileSystem === undefined ? {} : { mounts: mountsOf(fileSystem) }),
    piiDetector,
    dlpInPipeline: piiDetector && fromSettings.dlpInPipeline,
    telemetry: {
      destinations: exporter === undefined ? [] : (destinations ?? fromSettings.telemetry.destinations),
      exporterRegistered: exporter !== undefined,
    },
    shell:
      fromSettings.shell === undefined
        ? undefined
        : { ...fromSettings.shell, toolRegistered: registry?.get('shell_command') !== undefined },
  };
}

/** `sqlite <file>` or `postgresql schema <name>` for the stores Orkeon ships, `memory`, else the class. */
function describeTrail(trail: AuditTrail | undefined): string {
  if (trail === undefined || trail instanceof InMemoryAuditTrail) return 'memory';
  const shown = trail as { readonly path?: unknown; readonly schema?: unknown };
  if (typeof shown.path === 'string') return `sqlite ${shown.path}`;
  if (typeof shown.schema === 'string') return `postgresql schema ${shown.schema}`;
  return trail.constructor.name;
}

/** The mounts agents can reach, and how many more only the host can. */
function mountsOf(fileSystem: FileSystem): ComplianceFacts['mounts'] {
  const agentView = (fileSystem as { agentView?: () => FileSystem }).agentView?.() ?? fileSystem;
  const agent = agentView.mounts();
  return { agent, internal: fileSystem.mounts().length - agent.length };
}

/** `@orkeon/telemetry`'s exporter says where it sends (`otlp http://…`, `console`); another may not. */
function exporterDestinations(exporter: unknown): string[] | undefined {
  const destinations = (exporter as { destinations?: unknown } | undefined)?.destinations;
  if (!Array.isArray(destinations) || !destinations.every((item) => typeof item === 'string')) return undefined;
  return destinations.map((item: string) => (item.startsWith('otlp ') ? `otlp ${originOf(item.slice(5))}` : item));
}
