import type { MountInfo, PermissionMode, PromptPolicy, ToolResultPolicy } from '@orkeon/core';

/**
 * The security-relevant state a report is judged on, gathered once per report: from a live
 * runtime's container (`runtime`) where it shows something, else from the settings as
 * `orkeon run` applies them (`settings`).
 */
export interface ComplianceFacts {
  readonly basis: 'runtime' | 'settings';
  /** The settings file that was read, if any, and the sources (file, environment, command line). */
  readonly settingsFile: string | undefined;
  readonly sources: readonly string[];
  readonly permissionGate: {
    /** A gate exists and is not in `bypassPermissions`. */
    readonly active: boolean;
    readonly registered: boolean;
    readonly mode: PermissionMode | undefined;
    readonly enabledSetting: boolean;
    readonly modeSetting: PermissionMode;
  };
  readonly guardian: {
    readonly on: boolean;
    readonly promptPolicy: PromptPolicy;
    readonly toolResultPolicy: ToolResultPolicy;
    readonly trustedTools: number;
    readonly allowedHosts: number;
    readonly allowedRanges: number;
    readonly blockedPorts: number;
    readonly blockedDomains: number;
  };
  readonly audit: {
    readonly enabled: boolean;
    readonly retentionDays: number;
    /** `sqlite <file>`, `postgresql schema <name>`, `memory`, another class's name, or `none`. */
    readonly trail: string;
    readonly durable: boolean;
  };
  /** The mounts agents see; `internal` counts the host-only ones. */
  readonly mounts: { readonly agent: readonly MountInfo[]; readonly internal: number };
  readonly maxFileSizeBytes: number;
  readonly encryptionAtRest: boolean;
  readonly piiDetector: boolean;
  /** The DLP channel policies are applied by the runtime itself (`Svc:Dlp:ApplyInPipeline`). */
  readonly dlpInPipeline: boolean;
  readonly telemetry: {
    /** `otlp <origin>` and `console`: where spans and metrics go. */
    readonly destinations: readonly string[];
    /** Whether an exporter is registered; `undefined` when judged from settings only. */
    readonly exporterRegistered: boolean | undefined;
  };
  /** `undefined`: the settings of the shell tool were not given to the reporter. */
  readonly shell:
    | {
        readonly toolRegistered: boolean | undefined;
        readonly allowInterpreters: boolean;
        readonly extraAllowedCommands: readonly string[];
        readonly allowedCommands: readonly string[];
        readonly timeoutSeconds: number;
      }
    | undefined;
  /** `absent`: no MCP settings; `undefined`: present but not given to the reporter. */
  readonly mcp: McpFacts | 'absent' | undefined;
  /** `absent`: no A2A settings; `undefined`: present but not given to the reporter. */
  readonly a2a: A2AFacts | 'absent' | undefined;
  /** `absent`: no section; `undefined`: present but not given to the reporter. */
  readonly toolRateLimiting:
    | { readonly applied: boolean; readonly globalPerMinute: number; readonly defaultPerMinute: number }
    | 'absent'
    | undefined;
  /** `absent`: no section; `undefined`: present but not given to the reporter. */
  readonly tokenBudget: { readonly applied: boolean } | 'absent' | undefined;
  /** Plain-http URLs to other machines the settings name (model, MCP servers, telemetry), as origins. */
  readonly plainHttpEndpoints: readonly string[];
  readonly reportAfterRun: boolean;
}

export interface McpFacts {
  readonly enabled: boolean;
  readonly servers: readonly {
    readonly id: string;
    readonly transport: 'Stdio' | 'Http';
    /** An allow-list of its tools (`Tools`). */
    readonly toolAllowList: boolean;
    /** A bearer token or OAuth (`BearerToken`, `Auth`): never the value. */
    readonly credentials: boolean;
    readonly oauth: boolean;
  }[];
  /** Stored OAuth tokens are encrypted (`MCP:Auth:EncryptionKeySecretName`). */
  readonly tokenStoreEncrypted: boolean;
}

export interface A2AFacts {
  readonly requireMutualTls: boolean;
  readonly trustAnchors: number;
  readonly allowedAuthSchemes: readonly string[];
  /** The server listens on HTTPS (`A2A:CertificatePath` and `CertificateKeyPath`). */
  readonly https: boolean;
}
