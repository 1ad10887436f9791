import type { DlpChannelGuard } from '@orkeon/core';
import type { A2ATaskRouter } from '../routing/a2a-task-router.js';

/** What the task endpoints use of the router. */
export type A2ATaskRouting = Pick<A2ATaskRouter, 'routeTask'>;

const a2aSource = { caller: { kind: 'a2a' } } as const;

/**
 * The router with what leaves the process passed through the DLP guard's `ExternalOutput`
 * channel (`Svc:Dlp:ApplyInPipeline`): each result's output and error, before it is recorded
 * or answered (seed routes and v1.0 alike), and the questions an agent asks its caller.
 * Without a guard, the router itself.
 */
export function screenedAnswers(router: A2ATaskRouting, guard: DlpChannelGuard | undefined): A2ATaskRouting {
  if (guard === undefined) return router;
  const screen = (text: string) => guard.screen('ExternalOutput', text, a2aSource).processed;
  return {
    async routeTask(request, signal, task) {
      const asks = task?.requestInput;
      const screenedTask =
        task === undefined || asks === undefined
          ? task
          : { ...task, requestInput: (prompt: string, asked?: AbortSignal) => asks(screen(prompt), asked) };
      const result = await router.routeTask(request, signal, screenedTask);
      return {
        ...result,
        ...(result.output === undefined ? {} : { output: screen(result.output) }),
        ...(result.error === undefined ? {} : { error: screen(result.error) }),
      };
    },
  };
}
