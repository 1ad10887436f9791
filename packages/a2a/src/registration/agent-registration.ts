import type { A2ATaskRequest } from '../wire/task-request.js';

/**
 * Runs a local agent: receives the submission (id and input mode filled in), a signal
 * aborted on time-out or server stop, and what the task offers beyond (asking the caller);
 * resolves with the task output.
 *
 * @experimental SVCEXP001
 */
export type A2ALocalHandler = (
  request: NormalizedA2ATaskRequest,
  signal: AbortSignal,
  task?: A2ATaskContext,
) => Promise<string>;

/** What the caller answered, or why no answer came. */
export type A2AInputAnswer =
  | {
      readonly answered: true;
      readonly value: string /** The answer's message id (A2A v1.0). */;
      readonly messageId?: string;
    }
  | { readonly answered: false; readonly reason: string };

/**
 * What a task offers its agent beyond the input. `requestInput` is there on an A2A v1.0
 * task: the task waits in `INPUT_REQUIRED` with `prompt` as its status message until the
 * caller sends the answer (a message with the task's id); the seed dialect cannot ask.
 *
 * @experimental SVCEXP001
 */
export interface A2ATaskContext {
  readonly requestInput?: (prompt: string, signal?: AbortSignal) => Promise<A2AInputAnswer>;
  /**
   * The conversation the task belongs to (A2A v1.0 `contextId`) and who sent it (the
   * caller's identity as the security checks named it, and its tenant), for an agent that
   * keeps a conversation per caller and context. Local to this server: never sent on to a peer.
   */
  readonly conversation?: {
    readonly contextId: string;
    readonly caller: string;
    readonly tenant: string;
  };
  /**
   * The files the message carried as bytes (A2A v1.0 parts with `raw`), besides the line per file
   * the input holds; for an agent that sends images to its model. Never sent on to a peer.
   */
  readonly files?: readonly A2ATaskFile[];
}

/**
 * A file of a task's message: its bytes as base64, and its media type and name when the sender gave them.
 *
 * @experimental SVCEXP001
 */
export interface A2ATaskFile {
  readonly raw: string;
  readonly mediaType?: string;
  readonly filename?: string;
}

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
  /**
   * The A2A v1.0 (or 0.3 JSON-RPC) interface to call, when the agent's card offers one this client speaks;
   * absent, tasks go to the seed dialect at `url`.
   */
  readonly v1?: {
    readonly url: string;
    readonly protocolBinding: 'JSONRPC' | 'HTTP+JSON';
    readonly protocolVersion?: string;
    readonly tenant?: string;
  };
}

/**
 * One agent in the directory, read by the router and published as a skill of the card.
 *
 * @experimental SVCEXP001
 */
export type AgentRegistration = LocalAgentRegistration | RemoteAgentRegistration;
