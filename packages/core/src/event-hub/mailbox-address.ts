import { EventHubError } from './event-hub-error.js';

/** A parsed mailbox address: who a point-to-point message is for. */
export type MailboxAddress =
  | { readonly kind: 'agent'; readonly crewId: string; readonly agentId: string; readonly text: string }
  | { readonly kind: 'crew'; readonly crewId: string; readonly text: string }
  | { readonly kind: 'topic'; readonly name: string; readonly text: string }
  | { readonly kind: 'client'; readonly name: string; readonly text: string };

/** The forms an address may take, shown in every refusal. */
export const mailboxAddressForms = 'agent://{crewId}/{agentId}, crew://{crewId}, topic://{name} or client://{name}';

// A segment: letters, digits, '_', '-', '.' and ':' (crew and agent ids), 1 to 200 characters.
const segment = '[A-Za-z0-9_.:-]{1,200}';
const patterns = {
  agent: new RegExp(`^agent://(${segment})/(${segment})$`),
  crew: new RegExp(`^crew://(${segment})$`),
  topic: new RegExp(`^topic://(${segment})$`),
  client: new RegExp(`^client://(${segment})$`),
} as const;

/** Reads a mailbox address, or throws `EVENT_HUB_ADDRESS_INVALID` naming the address and the forms. */
export function parseMailboxAddress(text: string): MailboxAddress {
  const agent = patterns.agent.exec(text);
  if (agent?.[1] !== undefined && agent[2] !== undefined)
    return { kind: 'agent', crewId: agent[1], agentId: agent[2], text };
  const crew = patterns.crew.exec(text)?.[1];
  if (crew !== undefined) return { kind: 'crew', crewId: crew, text };
  const topic = patterns.topic.exec(text)?.[1];
  if (topic !== undefined) return { kind: 'topic', name: topic, text };
  const client = patterns.client.exec(text)?.[1];
  if (client !== undefined) return { kind: 'client', name: client, text };
  throw new EventHubError(
    'EVENT_HUB_ADDRESS_INVALID',
    `The mailbox address '${text}' is not valid: use ${mailboxAddressForms} (ids of letters, digits, '_', '.', ':' and '-').`,
    { details: { address: text } },
  );
}

/** The crew a mailbox belongs to, if any (`agent://` and `crew://`); the ACL checks links against it. */
export function crewOfMailbox(address: MailboxAddress): string | undefined {
  return address.kind === 'agent' || address.kind === 'crew' ? address.crewId : undefined;
}

/** The link target of a mailbox: its crew, or `client:<name>` for an outside peer. */
export function linkPeerOfMailbox(address: MailboxAddress): string | undefined {
  if (address.kind === 'client') return `client:${address.name}`;
  return crewOfMailbox(address);
}
