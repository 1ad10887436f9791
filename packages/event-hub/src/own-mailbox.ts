import type { HubIdentity } from '@orkeon/core';

/** A client's own mailbox: its agent's, else its crew's; a crew id `client:<name>` is the outside peer `client://<name>`. */
export function ownMailbox(identity: HubIdentity): string {
  if (identity.crewId.startsWith('client:')) return `client://${identity.crewId.slice('client:'.length)}`;
  return identity.agentId === undefined
    ? `crew://${identity.crewId}`
    : `agent://${identity.crewId}/${identity.agentId}`;
}
