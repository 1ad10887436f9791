import {
  type CrewLink,
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

const clientPrefix = 'client:';

/** Who a message goes to, as links name peers: a crew id or `client:<name>`; `undefined` for a global message. */
export function peerOf(message: HubMessage, pattern: HubPattern): string | undefined {
  if (pattern === 'publish') return message.targetCrewId;
  if (message.targetMailbox === undefined) return undefined;
  return linkPeerOfMailbox(parseMailboxAddress(message.targetMailbox));
}

/**
 * The `links:` rules of brief §10.3 for publish, post and send: an untargeted message passes.
 * A crew sender is judged by its own links (an outbound or bidirectional link to the peer);
 * an outside client (`client:<name>`) declares none, so it is judged by the target crew's
 * (an inbound or bidirectional link to `client:<name>`). Without links, the policy decides.
 * A link's topics must allow the message's (empty: all). Throws `EVENT_HUB_ACL_DENIED`.
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
  const deny = (why: string) =>
    new EventHubError(
      'EVENT_HUB_ACL_DENIED',
      `The event hub refused a ${pattern} from ${source.startsWith(clientPrefix) ? 'client' : 'crew'} '${source}' to '${peer}' on topic '${message.topic}': ${why}`,
      { details: { source, peer, topic: message.topic, pattern } },
    );
  if (source.startsWith(clientPrefix)) {
    checkClientSender(message.topic, source, peer, { links, policy, deny });
    return;
  }
  const declared = links.linksOf(source);
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
  checkTopic(message.topic, sending, deny);
}

/** A client declares no links: the crew it writes to must let it in; another client only under permissive. */
function checkClientSender(
  topic: string,
  client: string,
  peer: string,
  rules: { links: CrewLinkRegistry; policy: CrewLinkPolicy; deny: (why: string) => EventHubError },
): void {
  const { links, policy, deny } = rules;
  const fix = `Add '- to: ${client}, direction: inbound' under the links: of crew '${peer}'.`;
  if (peer.startsWith(clientPrefix)) {
    if (policy === 'restrictive') throw deny('clients may not message each other under the restrictive ACL policy.');
    return;
  }
  const declared = links.linksOf(peer);
  if (declared === undefined) {
    if (policy === 'restrictive')
      throw deny(`the crew '${peer}' declares no links and the ACL policy is restrictive. ${fix}`);
    return;
  }
  const fromClient = declared.filter((link) => link.to === client);
  if (fromClient.length === 0) throw deny(`the crew '${peer}' has no link to '${client}'. ${fix}`);
  const receiving = fromClient.filter((link) => link.direction !== 'outbound');
  if (receiving.length === 0)
    throw deny(`the link of crew '${peer}' to '${client}' is outbound only. Make it inbound or bidirectional.`);
  checkTopic(topic, receiving, deny);
}

function checkTopic(topic: string, candidates: readonly CrewLink[], deny: (why: string) => EventHubError): void {
  if (candidates.some((link) => link.allowedTopics.length === 0 || link.allowedTopics.includes(topic))) return;
  const topics = [...new Set(candidates.flatMap((link) => link.allowedTopics))].join(', ');
  throw deny(`the link allows only the topics ${topics}. Add the topic to allowed_topics.`);
}
