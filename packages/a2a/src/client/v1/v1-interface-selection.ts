import { isV03Version } from '../../v1/compat-v03/v03-agent-card.js';
import { A2AClientError } from '../a2a-client-error.js';
import type { A2AV1AgentCard, A2AV1AgentInterface } from './v1-agent-card.js';

/** The bindings `A2AV1Client` speaks. @experimental SVCEXP001 */
export const a2aV1ClientBindings = ['JSONRPC', 'HTTP+JSON'] as const;

/** @experimental SVCEXP001 */
export type A2AV1Binding = (typeof a2aV1ClientBindings)[number];

/** The order bindings are chosen in when the caller gives none. @experimental SVCEXP001 */
export const defaultA2AV1BindingPreference: readonly A2AV1Binding[] = ['JSONRPC', 'HTTP+JSON'];

/**
 * An agent interface `A2AV1Client` can call: an absolute http(s) URL, a binding it
 * speaks and, when given, its A2A version: 1.x, or 0.3 over JSON-RPC.
 *
 * @experimental SVCEXP001
 */
export interface A2AV1Endpoint {
  readonly url: string;
  readonly protocolBinding: A2AV1Binding;
  readonly protocolVersion?: string;
  /** Sent with every request (a path prefix in HTTP+JSON, `params.tenant` in JSON-RPC). */
  readonly tenant?: string;
}

function isClientBinding(binding: string): binding is A2AV1Binding {
  return (a2aV1ClientBindings as readonly string[]).includes(binding);
}

function isHttpUrl(url: string): boolean {
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}

/** Whether an interface (or endpoint) serves A2A 0.3, which the client speaks over JSON-RPC. */
export function isV03Endpoint(agentInterface: { readonly protocolVersion?: string | undefined }): boolean {
  return isV03Version(agentInterface.protocolVersion);
}

/** Whether an interface serves A2A 1.x (or names no version, as a hand-made endpoint may). */
function isV1Version(protocolVersion: string | undefined): boolean {
  return protocolVersion === undefined || protocolVersion.split('.')[0]?.trim() === '1';
}

/** Why the client cannot call `agentInterface`, or undefined when it can. */
export function endpointProblem(agentInterface: {
  readonly url: string;
  readonly protocolBinding: string;
  readonly protocolVersion?: string;
}): string | undefined {
  const { protocolBinding, protocolVersion } = agentInterface;
  if (protocolBinding.toUpperCase() === 'GRPC') return 'gRPC is not supported by this client yet';
  if (!isClientBinding(protocolBinding)) return `this client does not speak the binding '${protocolBinding}'`;
  if (isV03Endpoint(agentInterface) && protocolBinding !== 'JSONRPC')
    return `it serves A2A ${protocolVersion} over ${protocolBinding}, and this client speaks A2A 0.3 over JSONRPC only`;
  if (!isV03Endpoint(agentInterface) && !isV1Version(protocolVersion)) {
    return protocolVersion === ''
      ? 'it declares no protocolVersion'
      : `it serves A2A ${protocolVersion}, and this client speaks 1.x (and 0.3 over JSONRPC)`;
  }
  if (!isHttpUrl(agentInterface.url)) return 'its url is not an absolute http:// or https:// URL';
  return undefined;
}

/** Refuses a preference list that is empty or names a binding the client does not speak. */
export function checkedPreference(preferredBindings: readonly string[]): readonly A2AV1Binding[] {
  const unknown = preferredBindings.filter((binding) => !isClientBinding(binding));
  if (preferredBindings.length === 0 || unknown.length > 0) {
    throw new A2AClientError(
      'A2A_CLIENT_CONFIGURATION_INVALID',
      `preferredBindings ${preferredBindings.length === 0 ? 'is empty' : `names ${unknown.map((binding) => `'${binding}'`).join(', ')}`}: list one or more of ${a2aV1ClientBindings.join(', ')}${unknown.some((binding) => binding.toUpperCase() === 'GRPC') ? ' (gRPC is not supported by this client yet)' : ''}.`,
    );
  }
  return preferredBindings as readonly A2AV1Binding[];
}

function endpointOf(agentInterface: A2AV1AgentInterface, binding: A2AV1Binding): A2AV1Endpoint {
  const { url, protocolVersion, tenant } = agentInterface;
  return tenant === undefined || tenant === ''
    ? { url, protocolBinding: binding, protocolVersion }
    : { url, protocolBinding: binding, protocolVersion, tenant };
}

/**
 * The interface of `card` to call: the first binding of `preferredBindings` that the card
 * offers at A2A 1.x, and for that binding the card's first such interface (the agent's
 * own preference); only when no preferred binding is offered at 1.x, an A2A 0.3 JSON-RPC
 * interface (JSONRPC among `preferredBindings`). Interfaces the client cannot call (gRPC,
 * other versions) are passed over; when none is left, `A2A_CLIENT_CONFIGURATION_INVALID`
 * names each one and why.
 *
 * @experimental SVCEXP001
 */
export function selectA2AV1Interface(
  card: Pick<A2AV1AgentCard, 'supportedInterfaces'>,
  preferredBindings: readonly A2AV1Binding[] = defaultA2AV1BindingPreference,
  cardUrl?: string,
): A2AV1Endpoint {
  const preference = checkedPreference(preferredBindings);
  for (const v03 of [false, true])
    for (const binding of preference) {
      const found = card.supportedInterfaces.find(
        (agentInterface) =>
          agentInterface.protocolBinding === binding &&
          isV03Endpoint(agentInterface) === v03 &&
          endpointProblem(agentInterface) === undefined,
      );
      if (found !== undefined) return endpointOf(found, binding);
    }
  const where = cardUrl === undefined ? 'The agent card' : `The agent card at ${cardUrl}`;
  const offered = card.supportedInterfaces.map((agentInterface) => {
    const problem =
      endpointProblem(agentInterface) ??
      `not among preferredBindings (${preference.join(', ')}); add ${agentInterface.protocolBinding} to call it`;
    return `${agentInterface.protocolBinding} at ${agentInterface.url} (${problem})`;
  });
  throw new A2AClientError(
    'A2A_CLIENT_CONFIGURATION_INVALID',
    offered.length === 0
      ? `${where} lists no supportedInterfaces, so the agent cannot be called.`
      : `${where} offers no interface this client can use: ${offered.join('; ')}. This client calls A2A 1.x agents over ${a2aV1ClientBindings.join(' or ')}, and A2A 0.3 agents over JSONRPC.`,
    cardUrl === undefined ? {} : { url: cardUrl },
  );
}
