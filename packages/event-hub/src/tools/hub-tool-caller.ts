import type { EventHub, EventHubClient, HubIdentity, ToolContext } from '@orkeon/core';

/**
 * Who a tool call speaks for on the hub, from the tool's context and never from its input:
 * the calling crew and agent; a caller outside a crew is the outside client `client:<kind>`.
 */
export function hubIdentityOf(context: ToolContext): HubIdentity {
  const crewId = context.caller.crew ?? `client:${context.caller.kind}`;
  const agentId = context.caller.agentId;
  return agentId === undefined ? { crewId } : { crewId, agentId };
}

export function connectCaller(hub: EventHub, context: ToolContext): EventHubClient {
  return hub.connect(hubIdentityOf(context));
}
