import { serviceToken } from '../services/service-token.js';

export const crewLinkDirections = ['outbound', 'inbound', 'bidirectional'] as const;
/** `outbound`: this crew may send to the peer; `inbound`: the peer may send to this crew; `bidirectional`: both. */
export type CrewLinkDirection = (typeof crewLinkDirections)[number];

/** One entry of a crew's `links:`: which peer it talks to, which way, on which topics. */
export interface CrewLink {
  /** A crew id, or `client:<name>` for an outside peer. */
  readonly to: string;
  readonly direction: CrewLinkDirection;
  /** Empty: every topic. */
  readonly allowedTopics: readonly string[];
}

/**
 * The links of the crews the event hub knows, which the ACL stage reads. The host (or the run
 * that starts a crew) registers a crew's `links:` here; a crew never registered declares none.
 */
export class CrewLinkRegistry {
  readonly #links = new Map<string, readonly CrewLink[]>();

  /** Sets (replaces) the links of a crew. */
  register(crewId: string, links: readonly CrewLink[]): void {
    this.#links.set(crewId, [...links]);
  }

  /** The crew's links; `undefined` when the crew declared none (or was never registered). */
  linksOf(crewId: string): readonly CrewLink[] | undefined {
    const links = this.#links.get(crewId);
    return links === undefined || links.length === 0 ? undefined : links;
  }
}

/** The crew links the ACL stage consults; `addSvcEventHubAcl` registers one when the host has not. */
export const CrewLinksService = serviceToken<CrewLinkRegistry>('CrewLinks');
