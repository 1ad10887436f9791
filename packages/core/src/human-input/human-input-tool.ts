import { z } from 'zod';
import { defineTool, type Tool } from '../tools/tool.js';
import { toolDenied, toolSuccess } from '../tools/tool-result.js';
import type { HumanInputAsker } from './human-input-asker.js';
import { humanInputKinds, isApproval } from './human-input-channel.js';

export const humanInputToolName = 'human_input';

const input = z
  .strictObject({
    question: z.string().min(1).describe('What to ask the person, in full.'),
    input_type: z
      .enum(humanInputKinds)
      .default('text')
      .describe('text: a free answer; approval: yes or no; choice: one of `choices`.'),
    choices: z.array(z.string().min(1)).min(2).optional().describe('The options, for input_type choice.'),
  })
  .refine((value) => value.input_type !== 'choice' || value.choices !== undefined, {
    message: 'input_type choice needs `choices`: two or more options',
    path: ['choices'],
  });

/**
 * `human_input`: the agent asks a person and waits for the answer, through the
 * runtime's one human-input channel. Without a channel, or when none answers, the
 * result is a refusal the agent can read, never a wait that does not end.
 */
export function createHumanInputTool(asker: HumanInputAsker): Tool {
  return defineTool({
    name: humanInputToolName,
    description:
      'Ask a person for information, an approval (yes/no) or a choice, and wait for the answer. Use it only when you cannot go on without them.',
    input,
    access: 'Read',
    // A person may take their time; the run's own stop still ends the wait.
    timeoutMilliseconds: 30 * 60_000,
    async execute({ question, input_type, choices }, context) {
      const answer = await asker.ask(
        {
          kind: input_type,
          prompt: question,
          ...(choices === undefined ? {} : { choices }),
          source: 'tool',
          caller: context.caller,
          callId: context.callId,
        },
        context.signal,
      );
      if (!answer.answered)
        return toolDenied(
          `No answer from a person: ${answer.reason}. Go on without it, or stop and say what you need.`,
        );
      if (input_type === 'approval') return toolSuccess(isApproval(answer.value) ? 'approved' : 'refused');
      if (input_type === 'choice' && choices !== undefined && !choices.includes(answer.value.trim()))
        return toolSuccess(`The person answered '${answer.value}', which is not one of the choices.`);
      return toolSuccess(answer.value);
    },
  });
}
