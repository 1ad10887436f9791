import { v03ProtocolVersion } from '../server/agent-card-v1.js';

/** A card as JSON. */
type Json = Record<string, unknown>;

function recordOf(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Whether an A2A version is 0.3 (`0.3`, `0.3.0`, …). */
export function isV03Version(version: unknown): boolean {
  return typeof version === 'string' && /^0\.3(\.\d+)?$/.test(version.trim());
}

/** `{ bearer: { list: [] } }` (v1.0's `SecurityRequirement`) → `{ bearer: [] }` (0.3). */
function v03RequirementOf(requirement: unknown): Record<string, string[]> {
  const schemes = recordOf(recordOf(requirement)?.schemes) ?? {};
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scopes]) => [
      name,
      arrayOf(recordOf(scopes)?.list).filter((scope) => typeof scope === 'string'),
    ]),
  );
}

/** v1.0's `SecurityScheme` (a oneof by member name) → 0.3's (told apart by `type`); undefined for one 0.3 lacks. */
function v03SchemeOf(scheme: unknown): Json | undefined {
  const given = recordOf(scheme) ?? {};
  const apiKey = recordOf(given.apiKeySecurityScheme);
  if (apiKey !== undefined) {
    const location = apiKey.location === 'query' || apiKey.location === 'cookie' ? apiKey.location : 'header';
    return { type: 'apiKey', in: location, name: apiKey.name, ...pick(apiKey, ['description']) };
  }
  const http = recordOf(given.httpAuthSecurityScheme);
  if (http !== undefined) return { type: 'http', ...pick(http, ['scheme', 'bearerFormat', 'description']) };
  const mtls = recordOf(given.mtlsSecurityScheme);
  if (mtls !== undefined) return { type: 'mutualTLS', ...pick(mtls, ['description']) };
  const openId = recordOf(given.openIdConnectSecurityScheme);
  if (openId !== undefined) return { type: 'openIdConnect', ...pick(openId, ['openIdConnectUrl', 'description']) };
  const oauth2 = recordOf(given.oauth2SecurityScheme);
  if (oauth2 !== undefined) {
    // 0.3 has no device-code flow.
    const { deviceCode: _deviceCode, ...flows } = recordOf(oauth2.flows) ?? {};
    return { type: 'oauth2', flows, ...pick(oauth2, ['oauth2MetadataUrl', 'description']) };
  }
  return undefined;
}

/** The fields of `value` named, those that are set and not `''`. */
function pick(value: Json, names: readonly string[]): Json {
  return Object.fromEntries(
    names.filter((name) => value[name] !== undefined && value[name] !== '').map((name) => [name, value[name]]),
  );
}

function v03SkillOf(skill: unknown): Json {
  const given = recordOf(skill) ?? {};
  const { securityRequirements, ...rest } = given;
  const security = arrayOf(securityRequirements).map(v03RequirementOf);
  return { ...rest, ...(security.length === 0 ? {} : { security }) };
}

/**
 * A v1.0 agent card as A2A 0.3 clients read it: `url`, `preferredTransport` and
 * `protocolVersion` from the card's first 0.3 interface (further 0.3 interfaces in
 * `additionalInterfaces`), `supportsAuthenticatedExtendedCard` from the capabilities, the
 * security schemes and requirements in 0.3's form. With `embedV1Interfaces` the v1.0
 * `supportedInterfaces` stay in it, so a v1.0 client that reads this card finds them.
 * Undefined when the card declares no 0.3 interface.
 */
export function v03AgentCardOf(card: Json, options: { readonly embedV1Interfaces: boolean }): Json | undefined {
  const interfaces = arrayOf(card.supportedInterfaces).map((entry) => recordOf(entry) ?? {});
  const v03Interfaces = interfaces.filter((entry) => isV03Version(entry.protocolVersion));
  const [primary, ...others] = v03Interfaces;
  if (primary === undefined) return undefined;
  const capabilities = recordOf(card.capabilities) ?? {};
  const { extendedAgentCard, ...v03Capabilities } = capabilities;
  const schemes = Object.entries(recordOf(card.securitySchemes) ?? {}).flatMap(([name, scheme]) => {
    const v03 = v03SchemeOf(scheme);
    return v03 === undefined ? [] : [[name, v03] as const];
  });
  const security = arrayOf(card.securityRequirements).map(v03RequirementOf);
  return {
    name: card.name,
    description: card.description,
    version: card.version,
    url: primary.url,
    preferredTransport: primary.protocolBinding,
    protocolVersion: primary.protocolVersion,
    ...(others.length === 0
      ? {}
      : { additionalInterfaces: others.map((entry) => ({ url: entry.url, transport: entry.protocolBinding })) }),
    capabilities: v03Capabilities,
    ...(typeof extendedAgentCard === 'boolean' ? { supportsAuthenticatedExtendedCard: extendedAgentCard } : {}),
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: arrayOf(card.skills).map(v03SkillOf),
    // The signatures cover the card in its v1.0 form, never this one.
    ...pick(card, ['provider', 'documentationUrl', 'iconUrl']),
    ...(schemes.length === 0 ? {} : { securitySchemes: Object.fromEntries(schemes) }),
    ...(security.length === 0 ? {} : { security }),
    ...(options.embedV1Interfaces ? { supportedInterfaces: interfaces } : {}),
  };
}

/**
 * The card a request of `/.well-known/agent-card.json` gets, by the A2A version it asks
 * for (`requestedVersion`: none means 0.3): with 0.3 served, a 0.3 request gets the 0.3
 * card (`v03AgentCardOf`, the v1.0 interfaces kept in it); every other request, the v1.0
 * card.
 */
export function cardForVersion(card: Json, requested: string, serveV03: boolean): Json {
  if (!serveV03 || requested !== v03ProtocolVersion) return card;
  return v03AgentCardOf(card, { embedV1Interfaces: true }) ?? card;
}
