import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { Guardian } from '../guardian/guardian.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { Consultation, ConsultationResult, Coworker, Coworkers } from '../tools/collaboration/coworkers.js';
import type { CallerIdentity } from '../tools/tool.js';
import { activeRunScope } from './run-scope.js';

/** Runs a coworker's tool loop on a consultation's prompt, one level deeper; resolves to its answer and the tokens it spent. */
export type CoworkerWork = (
  coworker: AgentDefinition,
  prompt: string,
  consultation: Consultation,
) => Promise<{ answer: string; usage: TokenUsage }>;

/**
 * The crew's members for the collaboration tools. A consultation is refused (as a
 * result the asking agent reads) past the delegation depth, for an agent already on
 * the chain of this consultation (no loops) and for the caller itself.
 */
export class CrewCoworkers implements Coworkers {
  readonly #crew: CrewDefinition;
  readonly #maxDepth: number;
  readonly #work: CoworkerWork;
  readonly #guardian: Guardian | undefined;

  constructor(
    crew: CrewDefinition,
    options: { maxDepth: number; work: CoworkerWork; guardian?: Guardian | undefined },
  ) {
    this.#crew = crew;
    this.#maxDepth = options.maxDepth;
    this.#work = options.work;
    this.#guardian = options.guardian;
  }

  list(caller: CallerIdentity): readonly Coworker[] {
    return this.#crew.agents
      .filter((agent) => agent.id !== caller.agentId)
      .map((agent) => ({ id: agent.id, role: agent.role, goal: agent.goal }));
  }

  async consult(consultation: Consultation): Promise<ConsultationResult> {
    const scope = activeRunScope();
    const depth = scope?.delegation.depth ?? 0;
    const chain = scope?.delegation.chain ?? [];
    const caller = consultation.caller;
    if (depth >= this.#maxDepth) {
      return {
        ok: false,
        reason: `DENIED: delegation may go ${this.#maxDepth} level(s) deep (Svc:Delegation:MaxDepth) and this request would go further. Do the work yourself.`,
      };
    }
    const wanted = consultation.coworker.trim().toLowerCase();
    const coworker = this.#crew.agents.find(
      (agent) => agent.id.toLowerCase() === wanted || agent.role.toLowerCase() === wanted,
    );
    const others = this.list(caller).map((agent) => `${agent.role} (${agent.id})`);
    if (coworker === undefined)
      return {
        ok: false,
        reason: `There is no coworker '${consultation.coworker}'. Coworkers: ${others.join(', ') || '(none)'}.`,
      };
    // The Guardian's delegation phase: no hand-over to oneself, no cycle, at most five hand-overs.
    const blocked = this.#guardian?.checkDelegation({
      tool: consultation.mode === 'ask' ? 'ask_question_to_coworker' : 'delegate_work_to_coworker',
      to: coworker.id,
      chain: chain.length > 0 || caller.agentId === undefined ? chain : [caller.agentId],
      caller,
    });
    if (blocked !== undefined) return { ok: false, reason: blocked };
    if (coworker.id === caller.agentId)
      return { ok: false, reason: `'${consultation.coworker}' is you; ask one of: ${others.join(', ')}.` };
    if (chain.includes(coworker.id)) {
      return {
        ok: false,
        reason: `DENIED: ${coworker.role} (${coworker.id}) is already working on this request further up (${chain.join(' → ')}); asking them again would loop.`,
      };
    }
    scope?.emit({
      kind: 'delegation.started',
      agentId: caller.agentId,
      toAgentId: coworker.id,
      toRole: coworker.role,
      mode: consultation.mode,
      depth: depth + 1,
      taskId: caller.task,
    });
    try {
      const { answer, usage } = await this.#work(coworker, consultationPrompt(consultation), consultation);
      return { ok: true, answer, usage };
    } catch (error) {
      return {
        ok: false,
        reason: `${coworker.role} could not answer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}

function consultationPrompt(consultation: Consultation): string {
  const from = consultation.caller.agent ?? 'a coworker';
  const sections =
    consultation.mode === 'ask'
      ? [`# Question from your coworker ${from}\n${consultation.text}`]
      : [`# Work handed to you by your coworker ${from}\n${consultation.text}`];
  if (consultation.context !== undefined && consultation.context.trim() !== '')
    sections.push(`# Context\n${consultation.context}`);
  sections.push(
    consultation.mode === 'ask'
      ? 'Answer the question directly and completely.'
      : 'Do the work and answer with its result.',
  );
  return sections.join('\n\n');
}
