import {
  type CrewLinkRegistry,
  EventHubError,
  type HubMessage,
  type HubPattern,
  linkPeerOfMailbox,
  parseMailboxAddress,
  systemCrewId,
} from '@orkeon/core';

/** `permissive`: a crew without links may message anyone; `restrictive`: it may message no other crew. */
export type CrewLinkPolicy = 'permissive' | 'restrictive';

/** Who a message goes to, as links name peers: a crew id or `client:<name>`; `undefined` for a global message. */
export function peerOf(message: HubMessage, pattern: HubPattern): string | undefined {
  if (pattern === 'publish') return message.targetCrewId;
  if (message.targetMailbox === undefined) return undefined;
  return linkPeerOfMailbox(parseMailboxAddress(message.targetMailbox));
}

/**
 * The `links:` rules of brief §10.3, judged on the sender's side for publish, post and send:
 * an untargeted message passes; a crew without links passes unless the policy is restrictive;
 * a crew with links needs one to the peer whose direction lets it send (outbound or
 * bidirectional) and whose topics allow the message's (empty: all). Throws `EVENT_HUB_ACL_DENIED`.
 */
export function checkCrewLinks(
  message: HubMessage,
  pattern: HubPattern,
  links: CrewLinkRegistry,
  policy: CrewLinkPolicy,
): void {
  if (pattern === 'reply') return;
  const source = message.sourceCrewId;
  const peer = peerOf(message, pattern);
  if (peer === undefined || peer === source || source === systemCrewId) return;
  const declared = links.linksOf(source);
  const deny = (why: string) =>
    new EventHubError(
      'EVENT_HUB_ACL_DENIED',
      `The event hub refused a ${pattern} from crew '${source}' to '${peer}' on topic '${message.topic}': ${why}`,
      { details: { source, peer, topic: message.topic, pattern } },
    );
  if (declared === undefined) {
    if (policy === 'restrictive')
      throw deny(`the crew declares no links and the ACL policy is restrictive. Add a link to '${peer}' under links:.`);
    return;
  }
  const toPeer = declared.filter((link) => link.to === peer);
  if (toPeer.length === 0)
    throw deny(`the crew's links: name no link to '${peer}'. Add one, or send to a linked crew.`);
  const sending = toPeer.filter((link) => link.direction !== 'inbound');
  if (sending.length === 0)
    throw deny(`its link to '${peer}' is inbound only (the peer may send to it). Make it outbound or bidirectional.`);
  const allowed = sending.some((link) => link.allowedTopics.length === 0 || link.allowedTopics.includes(message.topic));
  if (!allowed) {
    const topics = [...new Set(sending.flatMap((link) => link.allowedTopics))].join(', ');
    throw deny(`the link allows only the topics ${topics}. Add the topic to allowed_topics.`);
  }
}
