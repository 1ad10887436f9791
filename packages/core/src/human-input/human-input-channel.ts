import { serviceToken } from '../services/service-token.js';
import type { CallerIdentity } from '../tools/tool.js';

/** What a person is asked for: free text, a yes/no approval, or one of a few choices. */
export const humanInputKinds = ['text', 'approval', 'choice'] as const;
export type HumanInputKind = (typeof humanInputKinds)[number];

/** One question to a person, from the `human_input` tool or a permission-gate ask. */
export interface HumanInputRequest {
  /** Unique per ask; `input.needed` carries it as `correlationId`, and `input.given` names it. */
  readonly id: string;
  readonly kind: HumanInputKind;
  readonly prompt: string;
  /** The options of a `choice`. */
  readonly choices?: readonly string[];
  /** `tool`: an agent called `human_input`; `permission`: the permission gate asks before a tool call. */
  readonly source: 'tool' | 'permission';
  readonly caller: CallerIdentity;
  /** The tool a permission ask is about. */
  readonly toolName?: string;
  /** The tool call that asks (`human_input`'s own call id), for the event's `causationId`. */
  readonly callId?: string;
}

/** The person's answer, or why none came (no channel, the channel closed, the run stopped). */
export type HumanInputAnswer =
  | { readonly answered: true; readonly value: string }
  | { readonly answered: false; readonly reason: string };

/**
 * Where people answer a run's questions: a terminal prompt, `input.given` lines on
 * standard input, a web page. One channel serves the `human_input` tool and the
 * permission gate's asks. `ask` must settle when `signal` aborts (a refusal then).
 */
export interface HumanInputChannel {
  ask(request: HumanInputRequest, signal?: AbortSignal): Promise<HumanInputAnswer>;
}

/** The host's channel; `createRuntime({ humanInput })` registers one. Without it every ask is refused at once. */
export const HumanInputChannelService = serviceToken<HumanInputChannel>('HumanInputChannel');

/** True for yes, y, true, approve, approved, allow, ok (any case): how approvals are read. */
export function isApproval(value: string): boolean {
  return /^\s*(y|yes|true|approve|approved|allow|ok)\s*$/i.test(value);
}
