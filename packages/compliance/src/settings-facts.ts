import {
  auditSettings,
  type Configuration,
  encryptionSettings,
  fileSystemSettings,
  guardianSettings,
  llmSettings,
  type MountInfo,
  parseMount,
  permissionGateSettings,
  promptSecuritySettings,
  telemetrySettings,
  toolResultSecuritySettings,
  urlSecuritySettings,
} from '@orkeon/core';
import type { A2AFacts, ComplianceFacts, McpFacts } from './compliance-facts.js';
import { nistComplianceSettings } from './nist-compliance-settings.js';
import type { PackageSettings } from './package-settings.js';

/** Where the facts come from besides the configuration. */
export interface SettingsFactsInput {
  readonly packageSettings?: PackageSettings;
  /** Read for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** Where the audit trail is kept, when the caller knows (`sqlite <file>`). */
  readonly auditTrail?: { readonly description: string; readonly durable: boolean };
}

/**
 * The facts as the settings make them: what `createRuntime` and `orkeon run` register from
 * these settings. A live runtime's own facts replace them where it shows something.
 */
export function settingsFacts(configuration: Configuration, input: SettingsFactsInput): ComplianceFacts {
  const gate = configuration.get(permissionGateSettings);
  const guardian = configuration.get(guardianSettings);
  const prompt = configuration.get(promptSecuritySettings);
  const results = configuration.get(toolResultSecuritySettings);
  const url = configuration.get(urlSecuritySettings);
  const audit = configuration.get(auditSettings);
  const files = configuration.get(fileSystemSettings);
  const telemetry = configuration.get(telemetrySettings);
  const endpoint = telemetry.OtlpEndpoint ?? nonBlank(input.environment.OTEL_EXPORTER_OTLP_ENDPOINT);
  const packages = input.packageSettings ?? {};
  const mcp = mcpFacts(configuration, packages);
  const remoteUrls = [
    configuration.get(llmSettings).BaseUrl,
    endpoint,
    ...(typeof mcp === 'object' ? mcpUrls(packages) : []),
  ];
  const gateActive = gate.Enabled && gate.Mode !== 'bypassPermissions';
  return {
    basis: 'settings',
    settingsFile: configuration.settingsFile,
    sources: configuration.sources,
    permissionGate: {
      active: gateActive,
      registered: gate.Enabled,
      mode: gate.Enabled ? gate.Mode : undefined,
      enabledSetting: gate.Enabled,
      modeSetting: gate.Mode,
    },
    guardian: {
      on: guardian.Enabled,
      promptPolicy: prompt.Policy,
      toolResultPolicy: results.Policy,
      trustedTools: results.TrustedTools.length,
      allowedHosts: url.AllowedHosts.length,
      allowedRanges: url.AllowedRanges.length,
      blockedPorts: url.BlockedPorts.length,
      blockedDomains: url.BlockedDomains.length,
    },
    audit: {
      enabled: audit.Enabled,
      retentionDays: audit.RetentionDays,
      trail: audit.Enabled ? (input.auditTrail?.description ?? 'memory') : 'none',
      durable: audit.Enabled && (input.auditTrail?.durable ?? false),
    },
    mounts: {
      agent: files.Mounts.map((text) => mountInfo(text)),
      internal: files.InternalMounts.length,
    },
    maxFileSizeBytes: files.MaxFileSizeBytes,
    encryptionAtRest: configuration.get(encryptionSettings).Enabled,
    // `orkeon run` and `orkeon serve` register the detector when the section is present and not turned off.
    piiDetector: configuration.has('Svc:Dlp') && (packages.dlp?.Enabled ?? true),
    dlpInPipeline:
      configuration.has('Svc:Dlp') && packages.dlp?.Enabled === true && packages.dlp.ApplyInPipeline === true,
    telemetry: {
      destinations: [
        ...(endpoint === undefined ? [] : [`otlp ${originOf(endpoint)}`]),
        ...(telemetry.ExportToConsole ? ['console'] : []),
      ],
      exporterRegistered: undefined,
    },
    shell: shellFacts(configuration, packages),
    mcp,
    a2a: a2aFacts(configuration, packages),
    toolRateLimiting: !configuration.has('ToolRateLimiting')
      ? 'absent'
      : packages.toolRateLimiting === undefined
        ? undefined
        : {
            applied: packages.toolRateLimiting.ApplyInPipeline,
            globalPerMinute: packages.toolRateLimiting.GlobalToolRequestsPerMinute,
            defaultPerMinute: packages.toolRateLimiting.DefaultToolRequestsPerMinute,
          },
    tokenBudget: !configuration.has('TokenBudget')
      ? 'absent'
      : packages.tokenBudget === undefined
        ? undefined
        : { applied: packages.tokenBudget.ApplyInAgentLoop },
    plainHttpEndpoints: remoteUrls.filter(isPlainHttpToAnotherMachine).map(originOf),
    reportAfterRun: configuration.get(nistComplianceSettings).ReportPath !== undefined,
  };
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** A mount as agents see it, without its physical folder. */
function mountInfo(text: string): MountInfo {
  const mount = parseMount(text);
  return {
    virtualPath: mount.virtual,
    rights: mount.rights,
    overrides: (mount.overrides ?? []).map((override) => ({
      virtualPath: `${mount.virtual}/${override.path}`,
      rights: override.rights,
    })),
  };
}

function shellFacts(configuration: Configuration, packages: PackageSettings): ComplianceFacts['shell'] {
  const shell = packages.shell;
  if (shell === undefined) {
    // Without the section the shell tool runs with its documented defaults: the strict allowlist.
    if (configuration.has('Svc:Tools:Shell')) return undefined;
    return {
      toolRegistered: undefined,
      allowInterpreters: false,
      extraAllowedCommands: [],
      allowedCommands: [],
      timeoutSeconds: 30,
    };
  }
  return {
    toolRegistered: undefined,
    allowInterpreters: shell.AllowInterpreters,
    extraAllowedCommands: [...shell.ExtraAllowedCommands],
    allowedCommands: [...shell.AllowedCommands],
    timeoutSeconds: shell.TimeoutSeconds,
  };
}

function mcpFacts(configuration: Configuration, packages: PackageSettings): McpFacts | 'absent' | undefined {
  const mcp = packages.mcp;
  if (mcp === undefined) return configuration.has('MCP') ? undefined : 'absent';
  return {
    enabled: mcp.Enabled,
    servers: Object.entries(mcp.Servers).map(([id, server]) => ({
      id,
      transport: server.Transport === 'Stdio' ? 'Stdio' : 'Http',
      toolAllowList: server.Tools !== undefined,
      credentials: server.BearerToken !== undefined || server.Auth !== undefined,
      oauth: server.Auth !== undefined,
    })),
    tokenStoreEncrypted: mcp.Auth.EncryptionKeySecretName !== undefined,
  };
}

function mcpUrls(packages: PackageSettings): (string | undefined)[] {
  if (packages.mcp?.Enabled !== true) return [];
  return Object.values(packages.mcp.Servers).map((server) => server.Url);
}

function a2aFacts(configuration: Configuration, packages: PackageSettings): A2AFacts | 'absent' | undefined {
  if (!configuration.has('A2A')) return 'absent';
  const security = packages.a2aSecurity;
  const server = packages.a2a;
  if (server === undefined || (security === undefined && configuration.has('A2A:Security'))) return undefined;
  return {
    requireMutualTls: security?.RequireMutualTls ?? false,
    trustAnchors:
      (security?.TrustedCertificateAuthorities.length ?? 0) +
      (security?.TrustedClientCertificateThumbprints.length ?? 0),
    allowedAuthSchemes: [...(security?.AllowedAuthSchemes ?? [])],
    https: server.CertificatePath !== undefined && server.CertificateKeyPath !== undefined,
  };
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** `http://` to a host other than this machine: traffic anyone on the path can read. */
function isPlainHttpToAnotherMachine(url: string | undefined): url is string {
  if (url === undefined || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && !loopbackHosts.has(parsed.hostname) && !parsed.hostname.startsWith('127.');
}

/** Scheme, host and port only: a URL's user, path and query may hold credentials. */
export function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : '(not a URL)';
}
