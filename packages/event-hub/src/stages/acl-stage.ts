import type { CrewLinkRegistry, EventHubStage } from '@orkeon/core';
import { type CrewLinkPolicy, checkCrewLinks } from './crew-link-acl.js';

/** The ACL stage: checks `links:` on publish, post and send (see `checkCrewLinks`); the receive path is free. */
export function createAclStage(links: CrewLinkRegistry, policy: CrewLinkPolicy = 'permissive'): EventHubStage {
  return {
    name: 'acl',
    async onPublish(message, next, context) {
      checkCrewLinks(message, context.pattern, links, policy);
      await next(message);
    },
    onReceive: (message, next) => next(message),
  };
}
