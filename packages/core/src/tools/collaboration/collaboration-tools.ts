import { z } from 'zod';
import type { DlpChannelGuard } from '../../dlp/dlp-channel-guard.js';
import { screenCoworkerAnswer, screenHandOver } from '../../dlp/dlp-delegation.js';
import { defineTool, type Tool } from '../tool.js';
import { toolBlocked, toolDenied, toolFailure, toolSuccess } from '../tool-result.js';
import { countConsultation } from './consultation-usage.js';
import type { CoworkersLookup } from './coworkers.js';

export const askCoworkerToolName = 'ask_question_to_coworker';
export const delegateWorkToolName = 'delegate_work_to_coworker';
/** The collaboration tools' names, offered to agents with `allowDelegation: true`. */
export const collaborationToolNames: readonly string[] = [askCoworkerToolName, delegateWorkToolName];

// A coworker works through its own tool loop, often several model calls.
const consultationTimeoutMilliseconds = 10 * 60_000;

const coworker = z.string().min(1).describe('The coworker’s role or id, one of those this tool’s description lists.');
const context = z
  .string()
  .optional()
  .describe('Everything the coworker needs to know: they see nothing of your task but this.');

/**
 * `ask_question_to_coworker` and `delegate_work_to_coworker`: an agent asks another
 * member of its crew, or hands it work, and reads the answer as the tool's result.
 * The run supplies the crew (`lookup`); outside a crew, or past the delegation depth,
 * the call is refused with a reason the agent can read. With `dlp` (`Svc:Dlp:ApplyInPipeline`),
 * what is handed over and what comes back pass the `Delegation` channel.
 */
export function createCollaborationTools(lookup: CoworkersLookup, dlp?: DlpChannelGuard): Tool[] {
  const make = (mode: 'ask' | 'delegate') =>
    defineTool({
      name: mode === 'ask' ? askCoworkerToolName : delegateWorkToolName,
      description:
        mode === 'ask'
          ? 'Ask a coworker of your crew a question and get their answer. Name the coworker by role; give the full context.'
          : 'Hand a piece of work to a coworker of your crew and get their result. Name the coworker by role; describe the work and give the full context.',
      input:
        mode === 'ask'
          ? z.strictObject({ coworker, question: z.string().min(1).describe('The question, in full.'), context })
          : z.strictObject({ coworker, task: z.string().min(1).describe('The work to do, in full.'), context }),
      access: 'Read',
      timeoutMilliseconds: consultationTimeoutMilliseconds,
      async execute(input, toolContext) {
        const coworkers = lookup();
        if (coworkers === undefined)
          return toolDenied('There are no coworkers to ask: this tool works only inside a crew run.');
        const source = {
          tool: mode === 'ask' ? askCoworkerToolName : delegateWorkToolName,
          caller: toolContext.caller,
        };
        const handOver = screenHandOver(
          dlp,
          { text: 'question' in input ? input.question : input.task, context: input.context },
          source,
        );
        if (handOver.blocked) return toolDenied(handOver.reason);
        const result = await coworkers.consult({
          mode,
          coworker: input.coworker,
          text: handOver.text,
          ...(handOver.context === undefined ? {} : { context: handOver.context }),
          caller: toolContext.caller,
          signal: toolContext.signal,
        });
        if (result.ok) {
          if (result.usage !== undefined) countConsultation(result.usage);
          return toolSuccess(screenCoworkerAnswer(dlp, result.answer, source));
        }
        if (result.reason.startsWith('Error: Blocked by Guardian')) return toolBlocked(result.reason);
        return result.reason.startsWith('DENIED: ') ? toolDenied(result.reason) : toolFailure(result.reason);
      },
    }) as Tool;
  return [make('ask'), make('delegate')];
}
