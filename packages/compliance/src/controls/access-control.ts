import {
  audit,
  type ControlDefinition,
  gateEvidence,
  hasWritableMount,
  implemented,
  missing,
  mountEvidence,
  notApplicable,
  partial,
  setting,
} from './control-definition.js';

const enableGate = {
  setting: 'Svc:Security:PermissionGate:Enabled',
  value: 'true',
  action:
    'Turn the permission gate on (and keep Svc:Security:PermissionGate:Mode at "default" or "plan"), so that every tool call is judged before it runs.',
};

/** AC: the permission gate, the mounts' rights, and who may reach the agents and what they reach. */
export const accessControls: readonly ControlDefinition[] = [
  {
    id: 'AC-3',
    family: 'AC',
    title: 'Access Enforcement',
    description:
      'Every access is checked against what is allowed. In Orkeon the virtual file system enforces each mount’s rights on every file tool call, and the permission gate judges each tool call by what it does (read, edit, execute) before it runs.',
    severity: 'High',
    assess({ facts, audit: trail }) {
      const evidence = [
        ...gateEvidence(facts),
        mountEvidence(facts),
        audit('permission-gate decisions', trail.byKind.permission),
        audit('permission-gate denials', trail.blockedByKind.permission),
      ];
      if (facts.permissionGate.active)
        return {
          status: implemented,
          rationale: `The permission gate judges every tool call (mode ${facts.permissionGate.mode}), and mount rights are enforced on every file access.`,
          evidence,
        };
      return {
        status: partial,
        rationale:
          'Mount rights are enforced on every file access, but no permission gate judges tool calls that do not touch files (shell, web, MCP tools).',
        evidence,
        recommendation: enableGate,
      };
    },
  },
  {
    id: 'AC-6',
    family: 'AC',
    title: 'Least Privilege',
    description:
      'Agents get only the rights their work needs. Orkeon evidences it with the permission gate’s mode (writes and executions asked for or denied) and with mounts that are read-only unless writing is needed.',
    severity: 'High',
    assess({ facts }) {
      const mode = facts.permissionGate.active ? facts.permissionGate.mode : undefined;
      const evidence = [...gateEvidence(facts), mountEvidence(facts)];
      if (mode === 'plan' || mode === 'default')
        return {
          status: implemented,
          rationale: `The permission gate in mode ${mode} lets reads through and asks for (or, with nobody to ask, denies) every edit and execution.`,
          evidence,
        };
      if (mode === 'acceptEdits')
        return {
          status: partial,
          rationale:
            'The permission gate in mode acceptEdits accepts file writes without asking; only executions are asked for.',
          evidence,
          recommendation: {
            setting: 'Svc:Security:PermissionGate:Mode',
            value: '"default"',
            action:
              'Set the gate to mode "default" (or "plan" for read-only work), so that file writes are asked for too.',
          },
        };
      if (!hasWritableMount(facts))
        return {
          status: partial,
          rationale:
            'No permission gate, but every mount agents see is read-only, so they cannot change files; other tools run unasked.',
          evidence,
          recommendation: enableGate,
        };
      return {
        status: missing,
        rationale: 'No permission gate judges tool calls and agents can write to a mount: every tool runs unasked.',
        evidence,
        recommendation: enableGate,
      };
    },
  },
  {
    id: 'AC-17',
    family: 'AC',
    title: 'Remote Access',
    description:
      'Remote callers are authenticated over a protected connection. For Orkeon that is the A2A server (`orkeon serve`, `addSvcA2A`): required credential schemes or mutual TLS, on HTTPS. It is judged when the settings have an A2A section.',
    severity: 'High',
    assess({ facts }) {
      const a2a = facts.a2a;
      if (a2a === 'absent')
        return {
          status: notApplicable,
          rationale: 'The settings have no A2A section: no A2A server is configured.',
          evidence: [setting('A2A', 'absent')],
        };
      if (a2a === undefined)
        return {
          status: missing,
          rationale: 'The settings have an A2A section, but it was not given to the reporter, so nothing shows it.',
          evidence: [setting('A2A', 'present, not given to the reporter')],
          recommendation: {
            action:
              'Give the A2A settings to addSvcNistCompliance (packageSettings.a2a and packageSettings.a2aSecurity), as orkeon does.',
          },
        };
      const authenticated = a2a.allowedAuthSchemes.length > 0 || (a2a.requireMutualTls && a2a.trustAnchors > 0);
      const evidence = [
        setting('A2A:Security:AllowedAuthSchemes', a2a.allowedAuthSchemes.join(', ') || 'none'),
        setting('A2A:Security:RequireMutualTls', a2a.requireMutualTls),
        setting('A2A:Security trust anchors', a2a.trustAnchors),
        setting('A2A:CertificatePath', a2a.https ? 'set' : 'not set'),
      ];
      if (authenticated && a2a.https)
        return {
          status: implemented,
          rationale: 'The A2A server requires credentials and listens on HTTPS.',
          evidence,
        };
      if (authenticated || a2a.https)
        return {
          status: partial,
          rationale: authenticated
            ? 'The A2A server requires credentials, but over plain HTTP.'
            : 'The A2A server listens on HTTPS, but accepts callers without credentials.',
          evidence,
          recommendation: authenticated
            ? {
                setting: 'A2A:CertificatePath',
                action: 'Give the server certificate and key (A2A:CertificatePath, A2A:CertificateKeyPath).',
              }
            : {
                setting: 'A2A:Security:AllowedAuthSchemes',
                value: '["Bearer"]',
                action: 'Require a credential scheme (or mutual TLS) on the A2A server.',
              },
        };
      return {
        status: missing,
        rationale: 'The A2A server accepts any caller, over plain HTTP.',
        evidence,
        recommendation: {
          setting: 'A2A:Security:AllowedAuthSchemes',
          value: '["Bearer"]',
          action:
            'Require a credential scheme (or mutual TLS), and give the server a certificate (A2A:CertificatePath).',
        },
      };
    },
  },
  {
    id: 'AC-20',
    family: 'AC',
    title: 'Use of External Systems',
    description:
      'Use of systems outside the boundary is limited and controlled. For Orkeon those are MCP servers: each should have an allow-list of the tools taken from it and, over HTTP, a credential.',
    severity: 'Medium',
    assess({ facts }) {
      const mcp = facts.mcp;
      if (mcp === 'absent' || (mcp !== undefined && (!mcp.enabled || mcp.servers.length === 0)))
        return {
          status: notApplicable,
          rationale: 'No MCP server is configured: no tools come from outside.',
          evidence: [setting('MCP:Servers', mcp === 'absent' ? 'absent' : mcp.enabled ? 'none' : 'MCP disabled')],
        };
      if (mcp === undefined)
        return {
          status: missing,
          rationale: 'The settings have an MCP section, but it was not given to the reporter, so nothing shows it.',
          evidence: [setting('MCP', 'present, not given to the reporter')],
          recommendation: {
            action: 'Give the MCP settings to addSvcNistCompliance (packageSettings.mcp), as orkeon does.',
          },
        };
      const controlled = mcp.servers.filter(
        (server) => server.toolAllowList && (server.transport === 'Stdio' || server.credentials),
      );
      const evidence = mcp.servers.map((server) =>
        setting(
          `MCP:Servers:${server.id}`,
          `${server.transport}, ${server.toolAllowList ? 'Tools allow-list' : 'every tool'}${server.transport === 'Http' ? (server.credentials ? ', credentials set' : ', no credentials') : ''}`,
        ),
      );
      const loose = mcp.servers.find((server) => !controlled.includes(server));
      if (loose === undefined)
        return {
          status: implemented,
          rationale: 'Every MCP server has a tool allow-list, and every HTTP one a credential.',
          evidence,
        };
      const recommendation = loose.toolAllowList
        ? {
            setting: `MCP:Servers:${loose.id}:Auth`,
            action: `Give MCP server '${loose.id}' a credential (Auth for OAuth, or BearerToken).`,
          }
        : {
            setting: `MCP:Servers:${loose.id}:Tools`,
            value: '["<tool>", …]',
            action: `List the tools taken from MCP server '${loose.id}' (an allow-list).`,
          };
      return {
        status: controlled.length > 0 ? partial : missing,
        rationale: `${mcp.servers.length - controlled.length} of ${mcp.servers.length} MCP servers lack a tool allow-list or, over HTTP, a credential.`,
        evidence,
        recommendation,
      };
    },
  },
];
