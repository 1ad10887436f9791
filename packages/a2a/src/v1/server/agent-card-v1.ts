import type { A2ASecuritySettings } from '../../security/a2a-security-settings.js';

/** The protocol version this server speaks on its v1.0 interfaces. */
export const v1ProtocolVersion = '1.0';

/** The version of A2A 0.3, which the JSON-RPC binding also speaks with `A2A:ServeV03`. */
export const v03ProtocolVersion = '0.3';

/** Where the v1.0 bindings are served, below the server's address. */
export const v1Paths = {
  agentCard: '/.well-known/agent-card.json',
  jsonRpc: '/a2a/jsonrpc',
  httpJson: '/a2a/v1',
} as const;

/** The security schemes and requirements the v1.0 card declares. */
export interface V1CardSecurity {
  readonly securitySchemes: Record<string, Record<string, Record<string, string>>>;
  readonly securityRequirements: { schemes: Record<string, { list: string[] }> }[];
}

/**
 * `A2A:Security` as the card says it: `bearer` (HTTP `Bearer`, JWT when one is checked),
 * `apiKey` (in the `ApiKey:HeaderName` header) and `mtls` when client certificates are
 * required. With `AllowedAuthSchemes` set, a caller needs one of them (and mutual TLS when
 * required); otherwise only mutual TLS, when required, is a requirement.
 */
export function cardSecurity(security: A2ASecuritySettings | undefined): V1CardSecurity {
  if (security === undefined) return { securitySchemes: {}, securityRequirements: [] };
  const schemes: V1CardSecurity['securitySchemes'] = {};
  const jwt = security.Bearer.JwksUrl !== undefined || security.Bearer.PublicKeyPath !== undefined;
  for (const allowed of security.AllowedAuthSchemes) {
    if (allowed === 'Bearer')
      schemes.bearer = { httpAuthSecurityScheme: { scheme: 'Bearer', ...(jwt ? { bearerFormat: 'JWT' } : {}) } };
    else schemes.apiKey = { apiKeySecurityScheme: { location: 'header', name: security.ApiKey.HeaderName } };
  }
  if (security.RequireMutualTls) schemes.mtls = { mtlsSecurityScheme: {} };
  const tls = security.RequireMutualTls ? { mtls: { list: [] } } : {};
  const credentials = Object.keys(schemes).filter((name) => name !== 'mtls');
  const securityRequirements =
    credentials.length > 0
      ? credentials.map((name) => ({ schemes: { [name]: { list: [] }, ...tls } }))
      : security.RequireMutualTls
        ? [{ schemes: tls }]
        : [];
  return { securitySchemes: schemes, securityRequirements };
}

/** What the v1.0 card describes. */
export interface V1CardInput {
  readonly name: string;
  readonly description: string;
  readonly version: string;
  /** The server's address, e.g. `https://agents.example.com:5002`. */
  readonly baseUrl: string;
  readonly security: V1CardSecurity;
  /** Whether push notifications are served (`A2A:PushNotifications:Enabled`). Default: false. */
  readonly pushNotifications?: boolean;
  /** Whether authenticated callers get an extended card. Default: false. */
  readonly extendedAgentCard?: boolean;
  /** Whether the JSON-RPC binding also serves A2A 0.3 (`A2A:ServeV03`): listed last, at protocol version 0.3. */
  readonly servesV03?: boolean;
  /** Interfaces listed after the HTTP bindings (the gRPC binding's). */
  readonly moreInterfaces?: readonly { url: string; protocolBinding: string; protocolVersion: string }[];
  readonly skills: readonly { id: string; name: string; description: string; tags: readonly string[] }[];
}

/**
 * The v1.0 agent card (`/.well-known/agent-card.json`): the JSON-RPC interface first
 * (preferred), then HTTP+JSON, both at protocol version 1.0 (with `servesV03`, the
 * JSON-RPC interface once more, last, at 0.3); streaming on, push notifications as the
 * input says, the extended card off.
 */
export function v1AgentCard(input: V1CardInput): Record<string, unknown> {
  const modes = ['text/plain'];
  return {
    name: input.name,
    description: input.description,
    version: input.version,
    supportedInterfaces: [
      { url: `${input.baseUrl}${v1Paths.jsonRpc}`, protocolBinding: 'JSONRPC', protocolVersion: v1ProtocolVersion },
      { url: `${input.baseUrl}${v1Paths.httpJson}`, protocolBinding: 'HTTP+JSON', protocolVersion: v1ProtocolVersion },
      ...(input.moreInterfaces ?? []),
      ...(input.servesV03 === true
        ? [
            {
              url: `${input.baseUrl}${v1Paths.jsonRpc}`,
              protocolBinding: 'JSONRPC',
              protocolVersion: v03ProtocolVersion,
            },
          ]
        : []),
    ],
    capabilities: {
      streaming: true,
      pushNotifications: input.pushNotifications === true,
      extendedAgentCard: input.extendedAgentCard === true,
    },
    securitySchemes: input.security.securitySchemes,
    securityRequirements: input.security.securityRequirements,
    defaultInputModes: modes,
    defaultOutputModes: modes,
    skills: input.skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: [...skill.tags],
      inputModes: modes,
      outputModes: modes,
    })),
  };
}
