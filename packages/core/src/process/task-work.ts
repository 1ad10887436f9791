import type { JSONSchema7 } from 'ai';
import { BudgetExhaustedError } from '../budget/budget-exhausted-error.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { resolveLlmSettings } from '../crew/llm-settings.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { LlmClient, TokenUsage } from '../llm/llm-client.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { TaskFailureError } from './crew-run-errors.js';
import { interruptedError } from './crew-run-failure.js';
import { agentSystemPrompt, type EarlierOutput, type RevisionRequest, taskGoal } from './task-prompt.js';

/**
 * One agent's tool loop on one task: the task's goal (with earlier outputs and a
 * revision request, if any) under the agent's system prompt and settings. Throws on
 * a model error, an interruption or exhausted iterations.
 */
export async function workOnTask(
  client: LlmClient,
  work: {
    readonly crew: CrewDefinition;
    readonly task: TaskDefinition;
    readonly agent: AgentDefinition;
    readonly earlier: readonly EarlierOutput[];
    readonly revision?: RevisionRequest | undefined;
    readonly signal?: AbortSignal | undefined;
    readonly permissionMode?: PermissionMode | undefined;
    /** Told the tokens spent, also when the work then fails. */
    readonly onUsage: (usage: TokenUsage) => void;
  },
): Promise<{ output: string; usage: TokenUsage }> {
  const { task, agent, signal, permissionMode } = work;
  const llm = resolveLlmSettings(work.crew.llm, agent.llm);
  const result = await client.act(taskGoal(task, work.earlier, work.revision), {
    system: agentSystemPrompt(agent),
    maxIterations: agent.maxIterations,
    ...(agent.stopWhen === undefined ? {} : { stopWhen: agent.stopWhen }),
    ...(signal === undefined ? {} : { signal }),
    ...(llm.temperature === undefined ? {} : { temperature: llm.temperature }),
    ...(llm.maxTokens === undefined ? {} : { maxTokens: llm.maxTokens }),
    ...(permissionMode === undefined ? {} : { permissionMode }),
    ...(task.outputSchema === undefined
      ? {}
      : { responseFormat: { type: 'json' as const, schema: task.outputSchema as JSONSchema7 } }),
  });
  work.onUsage(result.usage);
  // A spent crew budget aborts the signal with its own error, which then names the task's end.
  if (result.interrupted === true)
    throw BudgetExhaustedError.isInstance(signal?.reason) ? signal.reason : interruptedError(task);
  if (result.exhausted === true) {
    throw new TaskFailureError(
      'TASK_ITERATIONS_EXHAUSTED',
      `agent '${agent.id}' used all ${agent.maxIterations} iterations on task '${task.id}' without a final answer; raise its maxIterations or make the task smaller.`,
    );
  }
  return { output: result.output, usage: result.usage };
}
