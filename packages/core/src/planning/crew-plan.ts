import type { JSONSchema7 } from 'ai';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { LlmClient, TokenUsage } from '../llm/llm-client.js';

/** The planner's step for one task. */
export interface PlanStep {
  readonly taskId: string;
  readonly step: string;
}

/** A crew's step plan: one step per task, in the order the planner wrote them. */
export interface CrewPlan {
  readonly steps: readonly PlanStep[];
  readonly usage: TokenUsage;
}

/** The planner's role, as events and spans name it. */
export const plannerRole = 'Crew planner';

const planSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: { taskId: { type: 'string' }, step: { type: 'string' } },
        required: ['taskId', 'step'],
        additionalProperties: false,
      },
    },
  },
  required: ['steps'],
  additionalProperties: false,
};

/**
 * Asks the planner model for a step plan from the crew's goal, tasks and agents: for
 * each task, how to approach it and what to hand on. Steps for tasks the crew does
 * not have are dropped; a task may get none. Throws when the answer is not the plan
 * JSON or names no task of the crew.
 */
export async function writeCrewPlan(
  client: LlmClient,
  crew: CrewDefinition,
  options: { signal?: AbortSignal } = {},
): Promise<CrewPlan> {
  const prompt = [
    `Write a step plan for the crew '${crew.name}'${crew.goal === undefined ? '' : `, whose goal is: ${crew.goal}`}.`,
    `# Agents\n${crew.agents.map((agent) => `- ${agent.id}: ${agent.role}. Goal: ${agent.goal}`).join('\n')}`,
    `# Tasks, in order\n${crew.tasks.map(describeTask).join('\n')}`,
    'For each task write one step: how to approach it, what to watch for, and what to hand on to the tasks after it. Answer with JSON only: {"steps": [{"taskId": "<task id>", "step": "<the step>"}]}.',
  ].join('\n\n');
  const answer = await client.complete(prompt, {
    system: `You are the ${plannerRole}: you plan how a team of agents works through its tasks.`,
    responseFormat: { type: 'json', schema: planSchema, name: 'crew_plan' },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const steps = readSteps(answer.value, crew);
  if (steps === undefined)
    throw new OrkeonError(
      'CREW_PLAN_FAILED',
      'the planner did not answer with {"steps": [{"taskId", "step"}]} naming the crew’s tasks',
    );
  return { steps, usage: answer.usage };
}

/** The crew with each planned task's step in its context (key `plan`), so every process shows it in the task's prompt. */
export function withPlan(crew: CrewDefinition, plan: CrewPlan): CrewDefinition {
  const total = plan.steps.length;
  const stepOf = new Map(plan.steps.map((step, index) => [step.taskId, `Step ${index + 1} of ${total}: ${step.step}`]));
  return {
    ...crew,
    tasks: crew.tasks.map((task) => {
      const step = stepOf.get(task.id);
      return step === undefined ? task : { ...task, context: { ...task.context, plan: step } };
    }),
  };
}

function describeTask(task: TaskDefinition): string {
  const after = task.dependencies.length === 0 ? '' : ` (after ${task.dependencies.join(', ')})`;
  return `- ${task.id}${after}: ${task.description} Expected output: ${task.expectedOutput}`;
}

function readSteps(value: unknown, crew: CrewDefinition): PlanStep[] | undefined {
  const steps = (value as { steps?: unknown } | undefined)?.steps;
  if (!Array.isArray(steps)) return undefined;
  const known = new Set(crew.tasks.map((task) => task.id));
  const read = steps.flatMap((item: unknown) => {
    const { taskId, step } = (item ?? {}) as { taskId?: unknown; step?: unknown };
    return typeof taskId === 'string' && typeof step === 'string' && known.has(taskId) && step.trim() !== ''
      ? [{ taskId, step: step.trim() }]
      : [];
  });
  return read.length === 0 ? undefined : read;
}
