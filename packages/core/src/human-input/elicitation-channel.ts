import type { ToolElicitation, ToolElicitationResult } from '../tools/caller-requests.js';
import type { HumanInputAnswer, HumanInputChannel, HumanInputRequest } from './human-input-channel.js';

/**
 * A human-input channel that puts each question to a caller's person as a one-field form
 * (an MCP client's elicitation): a text field, a yes/no box, or a pick from the choices.
 * A declined or dismissed form is an answer that did not come, never an approval.
 */
export function elicitationChannel(
  elicit: (request: ToolElicitation) => Promise<ToolElicitationResult>,
): HumanInputChannel {
  return {
    async ask(request: HumanInputRequest, signal?: AbortSignal): Promise<HumanInputAnswer> {
      if (signal?.aborted === true) return { answered: false, reason: 'the run stopped' };
      const stopped = new Promise<HumanInputAnswer>((resolve) =>
        signal?.addEventListener('abort', () => resolve({ answered: false, reason: 'the run stopped' }), {
          once: true,
        }),
      );
      const asked = elicit({ message: request.prompt, requestedSchema: formOf(request) }).then(
        (result): HumanInputAnswer => {
          if (result.action !== 'accept')
            return {
              answered: false,
              reason: `the person ${result.action === 'decline' ? 'declined' : 'dismissed the question'}`,
            };
          const value = result.content.answer;
          if (value === undefined) return { answered: false, reason: 'the form came back without an answer' };
          if (typeof value === 'boolean') return { answered: true, value: value ? 'yes' : 'no' };
          return { answered: true, value: Array.isArray(value) ? value.join(', ') : String(value) };
        },
        (error: unknown): HumanInputAnswer => ({
          answered: false,
          reason: `the caller could not ask: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      return Promise.race([asked, stopped]);
    },
  };
}

function formOf(request: HumanInputRequest): ToolElicitation['requestedSchema'] {
  const answer =
    request.kind === 'approval'
      ? { type: 'boolean' as const, title: 'Approve' }
      : request.kind === 'choice' && request.choices !== undefined
        ? { type: 'string' as const, title: 'Choice', enum: [...request.choices] }
        : { type: 'string' as const, title: 'Answer' };
  return { type: 'object', properties: { answer }, required: ['answer'] };
}
