import { randomUUID } from 'node:crypto';
import type { PermissionPrompt } from '../permissions/permission-gate.js';
import type { HumanInputAnswer, HumanInputChannel, HumanInputRequest } from './human-input-channel.js';
import { isApproval } from './human-input-channel.js';

/** Told of each ask before the channel gets it (the runtime turns it into an `input.needed` event). */
export type HumanInputObserver = (request: HumanInputRequest) => void;

const shownArgumentsLength = 500;

/**
 * The runtime's side of the one human-input channel: gives each ask its id, reports
 * it, and hands it to the host's channel. No channel, or a channel that fails, is a
 * refusal, never an exception.
 */
export class HumanInputAsker {
  readonly #channel: (source: HumanInputRequest['source']) => HumanInputChannel | undefined;
  readonly #observe: HumanInputObserver;
  readonly #newId: () => string;
  readonly #signalOf: () => AbortSignal | undefined;

  constructor(options: {
    /** The channel for an ask from `source`; a run's caller may answer its tool's asks, never the gate's. */
    channel: (source: HumanInputRequest['source']) => HumanInputChannel | undefined;
    observe?: HumanInputObserver;
    newId?: () => string;
    /** The stop signal of the run an ask belongs to, for asks made without one (the permission gate's). */
    signalOf?: () => AbortSignal | undefined;
  }) {
    this.#channel = options.channel;
    this.#observe = options.observe ?? (() => {});
    this.#newId = options.newId ?? randomUUID;
    this.#signalOf = options.signalOf ?? (() => undefined);
  }

  get available(): boolean {
    return this.#channel('tool') !== undefined;
  }

  async ask(question: Omit<HumanInputRequest, 'id'>, signal?: AbortSignal): Promise<HumanInputAnswer> {
    const channel = this.#channel(question.source);
    if (channel === undefined) {
      return {
        answered: false,
        reason:
          'no one can be asked (no human-input channel: run on a terminal, use --events jsonl and answer with input.given, or give createRuntime a humanInput channel)',
      };
    }
    const request: HumanInputRequest = { ...question, id: this.#newId() };
    const stop = signal ?? this.#signalOf();
    if (stop?.aborted === true) return { answered: false, reason: 'the run stopped' };
    this.#observe(request);
    try {
      return await channel.ask(request, stop);
    } catch (error) {
      return {
        answered: false,
        reason: `the input channel failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** The permission gate's asks, put to the same channel as approvals. */
  permissionPrompt(): PermissionPrompt {
    return async (request) => {
      const argumentsText = JSON.stringify(request.input) ?? '';
      const shown =
        argumentsText.length > shownArgumentsLength
          ? `${argumentsText.slice(0, shownArgumentsLength)}…`
          : argumentsText;
      const who = request.caller.agent === undefined ? '' : ` for agent '${request.caller.agent}'`;
      const answer = await this.ask({
        kind: 'approval',
        prompt: `Permission needed${who}: ${request.reason}\n  tool: ${request.tool}\n  arguments: ${shown}\nAllow this call?`,
        source: 'permission',
        caller: request.caller,
        toolName: request.tool,
      });
      return answer.answered && isApproval(answer.value);
    };
  }
}
