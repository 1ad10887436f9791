import type { A2ATaskRequest } from '../wire/task-request.js';

/**
 * Runs a local agent: receives the submission (id and input mode filled in) and a signal
 * aborted on time-out or server stop; resolves with the task output.
 *
 * @experimental SVCEXP001
 */
export type A2ALocalHandler = (request: NormalizedA2ATaskRequest, signal: AbortSignal) => Promise<string>;

/** A submission after defaults: `id` and `inputMode` are always present. */
export type NormalizedA2ATaskRequest = A2ATaskRequest & { readonly id: string; readonly inputMode: string };

interface AgentRegistrationBase {
  /** The skill id the router matches, exactly and case-sensitively. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
}

/** An agent that runs in this process. */
export interface LocalAgentRegistration extends AgentRegistrationBase {
  readonly kind: 'local';
  readonly handler: A2ALocalHandler;
}

/** An agent reached over HTTP through the remote sender (the A2A client). */
export interface RemoteAgentRegistration extends AgentRegistrationBase {
  readonly kind: 'remote';
  /** The base address of the remote A2A server, e.g. `http://other-host:5002`. */
  readonly url: string;
}

/**
 * One agent in the directory, read by the router and published as a skill of the card.
 *
 * @experimental SVCEXP001
 */
export type AgentRegistration = LocalAgentRegistration | RemoteAgentRegistration;
