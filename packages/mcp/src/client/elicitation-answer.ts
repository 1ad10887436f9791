import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { CallerIdentity, Logger } from '@orkeon/core';
import {
  elicitationProblem,
  type McpElicitationAnswer,
  type McpElicitationHandler,
  withElicitationDefaults,
} from './elicitation.js';

/**
 * Answers one `elicitation/create`: puts the form to the handler (through `resume`,
 * in the context of the tool call it came during), then fills in the defaults and
 * checks the answer against the form. A URL-mode request, a handler that fails, or
 * an answer that does not fit is declined, the last two with a warning naming why.
 */
export async function answerElicitation(options: {
  serverId: string;
  request: ElicitRequest;
  handler: McpElicitationHandler;
  signal: AbortSignal;
  toolName: string | undefined;
  caller: CallerIdentity | undefined;
  resume: <T>(work: () => T) => T;
  logger: Logger;
}): Promise<ElicitResult> {
  const { serverId, handler, logger } = options;
  const params = options.request.params;
  if (params.mode === 'url' || !('requestedSchema' in params)) return { action: 'decline' };
  const declined = (why: string): ElicitResult => {
    logger.warn({ mcpServer: serverId }, `MCP server '${serverId}' asked for input; the answer was declined ${why}`);
    return { action: 'decline' };
  };
  let answer: McpElicitationAnswer;
  try {
    answer = await options.resume(() =>
      handler(
        {
          serverId,
          message: params.message,
          requestedSchema: params.requestedSchema,
          ...(options.toolName === undefined ? {} : { toolName: options.toolName }),
          ...(options.caller === undefined ? {} : { caller: options.caller }),
        },
        options.signal,
      ),
    );
  } catch (error) {
    return declined(`because answering failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (answer.action !== 'accept') return { action: answer.action };
  const content = withElicitationDefaults(params.requestedSchema, answer.content);
  const problem = elicitationProblem(params.requestedSchema, content);
  return problem === undefined
    ? { action: 'accept', content }
    : declined(`because it does not fit the form: ${problem}`);
}
