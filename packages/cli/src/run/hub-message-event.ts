import type { HubMessage, RunEventBody } from '@orkeon/core';

/** The sender as a mailbox address one can `post` back to: `agent://crew/agent`, `crew://crew` or `client://name`. */
export function senderAddress(message: HubMessage): string {
  const crew = message.sourceCrewId;
  if (crew.startsWith('client:')) return `client://${crew.slice('client:'.length)}`;
  return message.sourceAgentId === undefined ? `crew://${crew}` : `agent://${crew}/${message.sourceAgentId}`;
}

/**
 * A hub message as a `hub.message` event. A request carries its correlationId (a `reply`
 * line answers it); the reply to the client's own `send` carries that send's, with `reply: true`.
 */
export function hubMessageEvent(message: HubMessage, reply?: { correlationId: string }): RunEventBody {
  const correlationId = reply?.correlationId ?? message.correlationId;
  return {
    kind: 'hub.message',
    from: senderAddress(message),
    topic: message.topic,
    payload: message.payload,
    messageId: message.id,
    ...(Object.keys(message.metadata).length === 0 ? {} : { metadata: { ...message.metadata } }),
    ...(correlationId === undefined ? {} : { correlationId }),
    ...(reply === undefined ? {} : { reply: true as const }),
  };
}
