/**
 * Settings of packages `@orkeon/compliance` does not depend on, as their own sections bind
 * them: the host reads them and hands them over (`orkeon` does), e.g.
 * `{ a2a: configuration.get(a2aSettings), a2aSecurity: configuration.get(a2aSecuritySettings),
 * mcp: configuration.get(mcpSettings), dlp: configuration.get(dlpSettings),
 * shell: configuration.get(shellSettings), toolRateLimiting: configuration.get(toolRateLimitingSettings),
 * tokenBudget: configuration.get(tokenBudgetSettings) }`.
 * Only the keys below are read; credentials are only checked for presence.
 *
 * @experimental SVCEXP007
 */
export interface PackageSettings {
  /** `A2A` of `@orkeon/a2a`. */
  readonly a2a?: {
    readonly CertificatePath?: string | undefined;
    readonly CertificateKeyPath?: string | undefined;
  };
  /** `A2A:Security` of `@orkeon/a2a`. */
  readonly a2aSecurity?: {
    readonly RequireMutualTls: boolean;
    readonly TrustedCertificateAuthorities: readonly string[];
    readonly TrustedClientCertificateThumbprints: readonly string[];
    readonly AllowedAuthSchemes: readonly string[];
  };
  /** `MCP` of `@orkeon/mcp`. */
  readonly mcp?: {
    readonly Enabled: boolean;
    readonly Servers: Readonly<
      Record<
        string,
        {
          readonly Transport: string;
          readonly Url?: string | undefined;
          readonly BearerToken?: string | undefined;
          readonly Auth?: object | undefined;
          readonly Tools?: readonly string[] | undefined;
        }
      >
    >;
    readonly Auth: { readonly EncryptionKeySecretName?: string | undefined };
  };
  /** `Svc:Dlp` of `@orkeon/dlp`. */
  readonly dlp?: { readonly Enabled: boolean; readonly ApplyInPipeline?: boolean };
  /** `ToolRateLimiting` of `@orkeon/rate-limiting`. */
  readonly toolRateLimiting?: {
    readonly GlobalToolRequestsPerMinute: number;
    readonly DefaultToolRequestsPerMinute: number;
    readonly ApplyInPipeline: boolean;
  };
  /** `TokenBudget` of `@orkeon/rate-limiting`. */
  readonly tokenBudget?: { readonly ApplyInAgentLoop: boolean };
  /** `Svc:Tools:Shell` of `@orkeon/tools`. */
  readonly shell?: {
    readonly AllowInterpreters: boolean;
    readonly ExtraAllowedCommands: readonly string[];
    readonly AllowedCommands: readonly string[];
    readonly TimeoutSeconds: number;
  };
}
