import {
  audit,
  type ControlDefinition,
  guardianEvidence,
  implemented,
  missing,
  mountEvidence,
  partial,
  setting,
} from './control-definition.js';

/** SC: limits on use, the network and file boundary, links, and cryptography. */
export const systemCommunicationsControls: readonly ControlDefinition[] = [
  {
    id: 'SC-5',
    family: 'SC',
    title: 'Denial-of-Service Protection',
    description:
      'Use is bounded so that one runaway agent cannot exhaust the system. Orkeon bounds each call (shell time limit, largest file) everywhere; tool rate limits (ToolRateLimiting, applied in the pipeline) bound how often tools are called, and token budgets (TokenBudget) how much a crew spends.',
    severity: 'Medium',
    assess({ facts }) {
      const limits = facts.toolRateLimiting;
      const budget = facts.tokenBudget;
      const evidence = [
        setting(
          'ToolRateLimiting',
          limits === 'absent'
            ? 'absent'
            : limits === undefined
              ? 'present, not given to the reporter'
              : `${limits.globalPerMinute} calls a minute in all, ${limits.defaultPerMinute} per tool`,
        ),
        ...(typeof limits === 'object' ? [setting('ToolRateLimiting:ApplyInPipeline', limits.applied)] : []),
        setting(
          'TokenBudget',
          budget === 'absent' ? 'absent' : budget === undefined ? 'present, not given to the reporter' : 'present',
        ),
        ...(typeof budget === 'object' ? [setting('TokenBudget:ApplyInAgentLoop', budget.applied)] : []),
        setting('Svc:FileSystem:MaxFileSizeBytes', facts.maxFileSizeBytes),
        ...(facts.shell === undefined ? [] : [setting('Svc:Tools:Shell:TimeoutSeconds', facts.shell.timeoutSeconds)]),
      ];
      if (limits === undefined)
        return {
          status: missing,
          rationale: 'The settings have a ToolRateLimiting section, but it was not given to the reporter.',
          evidence,
          recommendation: {
            action:
              'Give the rate-limiting settings to addSvcNistCompliance (packageSettings.toolRateLimiting), as orkeon does.',
          },
        };
      if (limits !== 'absent' && limits.applied)
        return {
          status: implemented,
          rationale: 'Every tool call passes the rate limiter, and each call is bounded in time and size.',
          evidence,
        };
      return {
        status: partial,
        rationale:
          limits === 'absent'
            ? 'Each call is bounded in time and size, but nothing limits how often tools are called (crew budgets bound only the crews that declare one).'
            : 'Rate limits are configured, but the runtime does not apply them (ToolRateLimiting:ApplyInPipeline is false): only a host that calls the limiter itself is bounded.',
        evidence,
        recommendation: {
          setting: 'ToolRateLimiting:ApplyInPipeline',
          value: 'true',
          action: 'Limit tool calls per minute in the pipeline (a ToolRateLimiting section with ApplyInPipeline true).',
        },
      };
    },
  },
  {
    id: 'SC-7',
    family: 'SC',
    title: 'Boundary Protection',
    description:
      'Traffic across the boundary is controlled. Agents reach files only through mounts, and the Guardian refuses URLs to private, loopback, link-local and cloud-metadata addresses and to blocked ports and domains, unless the settings let some through.',
    severity: 'High',
    assess({ facts, audit: trail }) {
      const evidence = [
        guardianEvidence(facts),
        mountEvidence(facts),
        setting('Svc:Security:Url:BlockedPorts', facts.guardian.blockedPorts),
        setting('Svc:Security:Url:BlockedDomains', facts.guardian.blockedDomains),
        setting('Svc:Security:Url:AllowedHosts', facts.guardian.allowedHosts),
        setting('Svc:Security:Url:AllowedRanges', facts.guardian.allowedRanges),
        audit('tool calls refused by the Guardian', trail.guardianBlocksByPhase.ToolExecution ?? 0),
      ];
      if (!facts.guardian.on)
        return {
          status: missing,
          rationale: 'The Guardian is off: tool calls may reach any address, internal ones included.',
          evidence,
          recommendation: { setting: 'Svc:Guardian:Enabled', value: 'true', action: 'Turn the Guardian back on.' },
        };
      if (facts.guardian.allowedHosts + facts.guardian.allowedRanges > 0)
        return {
          status: partial,
          rationale: `The URL rules hold, but ${facts.guardian.allowedHosts} host(s) and ${facts.guardian.allowedRanges} range(s) inside the network are let through.`,
          evidence,
          recommendation: {
            setting:
              facts.guardian.allowedRanges > 0 ? 'Svc:Security:Url:AllowedRanges' : 'Svc:Security:Url:AllowedHosts',
            action: 'Keep only the internal hosts the crews need, as single hosts rather than ranges.',
          },
        };
      return {
        status: implemented,
        rationale: 'Files are reached only through mounts, and no internal address is let through.',
        evidence,
      };
    },
  },
  {
    id: 'SC-8',
    family: 'SC',
    title: 'Transmission Confidentiality and Integrity',
    description:
      'What travels between machines is protected. The report looks at the URLs the settings name (model, MCP servers, telemetry) for plain HTTP to another machine, and at mutual TLS on the A2A server.',
    severity: 'Medium',
    assess({ facts }) {
      const a2a = typeof facts.a2a === 'object' ? facts.a2a : undefined;
      const evidence = [
        setting('plain-http endpoints', facts.plainHttpEndpoints.join(', ') || 'none'),
        ...(a2a === undefined
          ? []
          : [
              setting('A2A:Security:RequireMutualTls', a2a.requireMutualTls),
              setting('A2A:CertificatePath', a2a.https ? 'set' : 'not set'),
            ]),
      ];
      if (facts.plainHttpEndpoints.length > 0)
        return {
          status: missing,
          rationale: `Traffic to ${facts.plainHttpEndpoints.join(', ')} goes over plain HTTP.`,
          evidence,
          recommendation: { action: `Use https:// for ${facts.plainHttpEndpoints.join(', ')}.` },
        };
      if (a2a !== undefined && !(a2a.https && a2a.requireMutualTls))
        return {
          status: partial,
          rationale: 'Outgoing links use HTTPS, but the A2A server does not require mutual TLS.',
          evidence,
          recommendation: {
            setting: 'A2A:Security:RequireMutualTls',
            value: 'true',
            action:
              'Serve A2A over HTTPS with mutual TLS (A2A:CertificatePath, A2A:Security:TrustedCertificateAuthorities).',
          },
        };
      return {
        status: implemented,
        rationale: 'No configured link uses plain HTTP to another machine.',
        evidence,
      };
    },
  },
  {
    id: 'SC-13',
    family: 'SC',
    title: 'Cryptographic Protection',
    description:
      'Cryptography is used where it is needed: AES-256-GCM for memories at rest (Svc:Encryption), AES-256-GCM for stored MCP OAuth tokens (MCP:Auth:EncryptionKeySecretName), TLS for the A2A server.',
    severity: 'Medium',
    assess({ facts }) {
      const uses: { name: string; on: boolean; fix: { setting: string; value?: string; action: string } }[] = [
        {
          name: 'Svc:Encryption:Enabled',
          on: facts.encryptionAtRest,
          fix: { setting: 'Svc:Encryption:Enabled', value: 'true', action: 'Encrypt memory contents (AES-256-GCM).' },
        },
      ];
      if (typeof facts.mcp === 'object' && facts.mcp.servers.some((server) => server.oauth))
        uses.push({
          name: 'MCP:Auth:EncryptionKeySecretName',
          on: facts.mcp.tokenStoreEncrypted,
          fix: { setting: 'MCP:Auth:EncryptionKeySecretName', action: 'Encrypt the stored MCP OAuth tokens.' },
        });
      if (typeof facts.a2a === 'object')
        uses.push({
          name: 'A2A:CertificatePath',
          on: facts.a2a.https,
          fix: { setting: 'A2A:CertificatePath', action: 'Serve A2A over HTTPS.' },
        });
      const evidence = uses.map((use) => setting(use.name, use.on ? 'on' : 'off'));
      const off = uses.filter((use) => !use.on);
      if (off.length === 0)
        return { status: implemented, rationale: 'Every place that can use cryptography uses it.', evidence };
      return {
        status: off.length < uses.length ? partial : missing,
        rationale: `No cryptography for: ${off.map((use) => use.name).join(', ')}.`,
        evidence,
        recommendation: (off[0] as (typeof uses)[number]).fix,
      };
    },
  },
  {
    id: 'SC-28',
    family: 'SC',
    title: 'Protection of Information at Rest',
    description:
      'Stored information is protected. With Svc:Encryption on, the content of every memory is encrypted in every store (embeddings and metadata stay readable for recall); checkpoints and the audit trail are not encrypted.',
    severity: 'Medium',
    assess({ facts }) {
      const evidence = [setting('Svc:Encryption:Enabled', facts.encryptionAtRest)];
      if (facts.encryptionAtRest)
        return { status: implemented, rationale: 'Memory contents are encrypted at rest (AES-256-GCM).', evidence };
      return {
        status: missing,
        rationale: 'Memories are stored in clear.',
        evidence,
        recommendation: {
          setting: 'Svc:Encryption:Enabled',
          value: 'true',
          action: 'Encrypt memory contents, with the key in the secret named by Svc:Encryption:SecretName.',
        },
      };
    },
  },
];
