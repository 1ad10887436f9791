import type { TokenUsage } from '../../llm/token-usage.js';
import type { CallerIdentity } from '../tool.js';

/** A crew member another agent may turn to. */
export interface Coworker {
  readonly id: string;
  readonly role: string;
  readonly goal: string;
}

/** Asking a coworker a question, or handing it a piece of work. */
export interface Consultation {
  readonly mode: 'ask' | 'delegate';
  /** The coworker, by id or role (any case). */
  readonly coworker: string;
  readonly text: string;
  readonly context?: string;
  readonly caller: CallerIdentity;
  readonly signal: AbortSignal;
}

export type ConsultationResult =
  /** `usage`: the coworker's tokens, counted toward the asking agent's task. */
  | { readonly ok: true; readonly answer: string; readonly usage?: TokenUsage }
  | { readonly ok: false; readonly reason: string };

/**
 * The crew as the collaboration tools see it, supplied by the run the call belongs
 * to: who may be asked, and the consultation itself (the coworker's own tool loop).
 */
export interface Coworkers {
  list(caller: CallerIdentity): readonly Coworker[];
  consult(consultation: Consultation): Promise<ConsultationResult>;
}

/** Finds the run's coworkers for a tool call; undefined outside a crew run. */
export type CoworkersLookup = () => Coworkers | undefined;
