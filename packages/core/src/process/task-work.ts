import type { JSONSchema7 } from 'ai';
import { BudgetExhaustedError } from '../budget/budget-exhausted-error.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { resolveLlmSettings } from '../crew/llm-settings.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { RecalledMemory } from '../crew-memory/crew-memory.js';
import type { PiiDetector } from '../dlp/pii-detector.js';
import type { KnowledgePassage } from '../knowledge/knowledge-base.js';
import type { LlmClient, ResponseFormat, TokenUsage } from '../llm/llm-client.js';
import { defaultMaxRepairAttempts } from '../output-validation/output-validation.js';
import { outputViolations } from '../output-validation/output-violations.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { tallyConsultations } from '../tools/collaboration/consultation-usage.js';
import { TaskFailureError } from './crew-run-errors.js';
import { interruptedError } from './crew-run-failure.js';
import { agentSystemPrompt, type EarlierOutput, type RevisionRequest, taskGoal } from './task-prompt.js';
import { addUsage } from './token-usage.js';

/** What an agent's turn on a task needs besides its prompt. */
export interface AgentTurn {
  readonly crew: CrewDefinition;
  readonly task: TaskDefinition;
  readonly agent: AgentDefinition;
  readonly signal?: AbortSignal | undefined;
  readonly permissionMode?: PermissionMode | undefined;
  /** Told the tokens spent (the coworkers' it consulted included), also when the turn then fails. */
  readonly onUsage: (usage: TokenUsage) => void;
  /** Repairs of a broken answer when the task does not say (`Svc:Security:OutputValidation:MaxRepairAttempts`). */
  readonly maxRepairAttempts?: number | undefined;
  /** Finds personal data for the task's `outputValidation.forbiddenPii`. */
  readonly piiDetector?: PiiDetector | undefined;
}

/**
 * One agent's tool loop on one task: the task's goal (with earlier outputs and a
 * revision request, if any) under the agent's system prompt and settings. Throws on
 * a model error, an interruption or exhausted iterations.
 */
export async function workOnTask(
  client: LlmClient,
  work: AgentTurn & {
    readonly earlier: readonly EarlierOutput[];
    readonly revision?: RevisionRequest | undefined;
    /** What crew memory recalled for the task. */
    readonly recalled?: readonly RecalledMemory[] | undefined;
    /** What the agent's knowledge collections hold for the task. */
    readonly knowledge?: readonly KnowledgePassage[] | undefined;
  },
): Promise<{ output: string; usage: TokenUsage }> {
  const { task } = work;
  const format = {
    ...(task.outputSchema === undefined
      ? {}
      : { responseFormat: { type: 'json' as const, schema: task.outputSchema as JSONSchema7 } }),
  };
  let revision = work.revision;
  let spent: TokenUsage | undefined;
  const repairs = task.outputValidation?.maxRepairAttempts ?? work.maxRepairAttempts ?? defaultMaxRepairAttempts;
  for (let attempt = 0; ; attempt++) {
    const goal = taskGoal(task, work.earlier, revision, work.recalled, work.knowledge);
    const { output, usage } = await takeTurn(client, work, goal, { ...format, attachments: task.attachments });
    spent = spent === undefined ? usage : addUsage(spent, usage);
    const violations = outputViolations(output, task, work.piiDetector);
    if (violations.length === 0) return { output, usage: spent };
    if (attempt >= repairs)
      throw new TaskFailureError(
        'TASK_OUTPUT_INVALID',
        `the answer of agent '${work.agent.id}' to task '${task.id}' breaks its output rules${repairs === 0 ? '' : ` after ${repairs} ${repairs === 1 ? 'repair' : 'repairs'}`}:\n${violations.map((violation) => `- ${violation}`).join('\n')}`,
      );
    // Sent back once more, with every rule it broke.
    revision = {
      previousOutput: output,
      feedback: `Your answer breaks these rules of the task:\n${violations.map((violation) => `- ${violation}`).join('\n')}\nAnswer again in full, keeping every rule.`,
    };
  }
}

/**
 * The agent's tool loop on `prompt` (its own tools, and the collaboration tools when
 * it may delegate), as for its task's work; `value` is the parsed answer with a
 * response format. Same failures as `workOnTask`.
 */
export async function takeTurn(
  client: LlmClient,
  turn: AgentTurn,
  prompt: string,
  options: {
    readonly responseFormat?: ResponseFormat;
    /** Virtual paths of images sent with the prompt (a task's attachments). */
    readonly attachments?: readonly string[] | undefined;
  } = {},
): Promise<{ output: string; value?: unknown; usage: TokenUsage }> {
  const { task, agent, signal, permissionMode } = turn;
  const llm = resolveLlmSettings(turn.crew.llm, agent.llm);
  const { result, usage: consulted } = await tallyConsultations(() =>
    client.act(prompt, {
      system: agentSystemPrompt(agent),
      maxIterations: agent.maxIterations,
      ...(agent.stopWhen === undefined ? {} : { stopWhen: agent.stopWhen }),
      ...(signal === undefined ? {} : { signal }),
      ...(llm.temperature === undefined ? {} : { temperature: llm.temperature }),
      ...(llm.maxTokens === undefined ? {} : { maxTokens: llm.maxTokens }),
      ...(permissionMode === undefined ? {} : { permissionMode }),
      ...(options.responseFormat === undefined ? {} : { responseFormat: options.responseFormat }),
      ...(options.attachments === undefined
        ? {}
        : { attachments: options.attachments.map((path) => ({ type: 'path' as const, path })) }),
    }),
  );
  const usage = addUsage(result.usage, consulted);
  turn.onUsage(usage);
  // A spent crew budget aborts the signal with its own error, which then names the task's end.
  if (result.interrupted === true)
    throw BudgetExhaustedError.isInstance(signal?.reason) ? signal.reason : interruptedError(task);
  if (result.exhausted === true) {
    throw new TaskFailureError(
      'TASK_ITERATIONS_EXHAUSTED',
      `agent '${agent.id}' used all ${agent.maxIterations} iterations on task '${task.id}' without a final answer; raise its maxIterations or make the task smaller.`,
    );
  }
  return { output: result.output, ...(result.value === undefined ? {} : { value: result.value }), usage };
}
