import { randomUUID } from 'node:crypto';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A message from one agent to another inside the process; `delegate` asks the receiver to do a task. */
export interface AgentChannelRequest {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly intent: string;
  readonly payload: unknown;
  readonly createdAt: Date;
}

export type AgentChannelResponse =
  | { readonly ok: true; readonly requestId: string; readonly payload?: unknown }
  | { readonly ok: false; readonly requestId: string; readonly error: string };

/** Answers the requests sent to one agent; a handler that throws answers with a failed response. */
export type AgentChannelHandler = (
  request: AgentChannelRequest,
  context: { readonly signal: AbortSignal },
) => Promise<AgentChannelResponse> | AgentChannelResponse;

/** No answer within the request's time-out (`AGENT_CHANNEL_TIMEOUT`); the handler's signal is aborted. */
export class AgentChannelTimeoutError extends OrkeonError<CoreErrorCode> {
  constructor(request: AgentChannelRequest, timeoutMilliseconds: number) {
    super(
      'AGENT_CHANNEL_TIMEOUT',
      `agent '${request.to}' did not answer the ${request.intent} request of '${request.from}' within ${timeoutMilliseconds} ms.`,
      { details: { from: request.from, to: request.to, intent: request.intent, timeoutMilliseconds } },
    );
  }
}

export const defaultAgentChannelTimeoutMilliseconds = 30_000;

/**
 * The in-process channel agents of one run talk over (distinct from A2A over HTTP):
 * a handler per agent, crew membership for broadcasts, and requests with a time-out.
 * A request to an agent without a handler gets a failed response, never a hang.
 */
export class AgentChannel {
  readonly #handlers = new Map<string, AgentChannelHandler>();
  readonly #members = new Map<string, Set<string>>();
  readonly #newId: () => string;
  readonly #clock: () => Date;

  constructor(options: { newId?: () => string; clock?: () => Date } = {}) {
    this.#newId = options.newId ?? randomUUID;
    this.#clock = options.clock ?? (() => new Date());
  }

  /** A request ready to send, with a fresh id and the current time. */
  createRequest(from: string, to: string, intent: string, payload: unknown): AgentChannelRequest {
    return { id: this.#newId(), from, to, intent, payload, createdAt: this.#clock() };
  }

  /** Makes `handler` answer for `agentId` (replacing an earlier one) until disposed. */
  registerHandler(agentId: string, handler: AgentChannelHandler): Disposable {
    this.#handlers.set(agentId, handler);
    return {
      [Symbol.dispose]: () => {
        if (this.#handlers.get(agentId) === handler) this.#handlers.delete(agentId);
      },
    };
  }

  /** Adds `agentId` to the crew's members, who receive its broadcasts, until disposed. */
  registerCrewMember(crewId: string, agentId: string): Disposable {
    const members = this.#members.get(crewId) ?? new Set<string>();
    members.add(agentId);
    this.#members.set(crewId, members);
    return { [Symbol.dispose]: () => void members.delete(agentId) };
  }

  async request(
    request: AgentChannelRequest,
    options: { timeoutMilliseconds?: number } = {},
  ): Promise<AgentChannelResponse> {
    const handler = this.#handlers.get(request.to);
    if (handler === undefined) {
      return { ok: false, requestId: request.id, error: `no handler is registered for agent '${request.to}'` };
    }
    const timeoutMilliseconds = options.timeoutMilliseconds ?? defaultAgentChannelTimeoutMilliseconds;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const answer = (async (): Promise<AgentChannelResponse> => {
      try {
        return await handler(request, { signal: controller.signal });
      } catch (error) {
        return { ok: false, requestId: request.id, error: error instanceof Error ? error.message : String(error) };
      }
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new AgentChannelTimeoutError(request, timeoutMilliseconds);
        controller.abort(error);
        reject(error);
      }, timeoutMilliseconds);
    });
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends `message` (intent `broadcast`) to every other member of the crew; the answers in member order. */
  async broadcast(from: string, crewId: string, message: unknown): Promise<AgentChannelResponse[]> {
    const members = [...(this.#members.get(crewId) ?? [])].filter((member) => member !== from);
    return Promise.all(members.map((to) => this.request(this.createRequest(from, to, 'broadcast', message))));
  }
}
