import type { AgentDefinition, AgentInput } from './agent-definition.js';
import type { CrewDefinition, CrewInput } from './crew-definition.js';
import { CrewValidationError } from './crew-validation-error.js';
import type { TaskDefinition, TaskInput } from './task-definition.js';
import { type CrewValidationOptions, validateAgent, validateCrew, validateTask } from './validate-crew.js';

/**
 * A crew from a plain typed object: defaults filled in, validated like every other
 * entry point. Throws `CrewValidationError` (code `CREW_INVALID`) listing every problem.
 */
export function defineCrew(input: CrewInput, options: CrewValidationOptions = {}): CrewDefinition {
  const result = validateCrew(input, options);
  if (result.crew === undefined) throw new CrewValidationError(result.problems);
  return result.crew;
}

/** An agent from a plain typed object, defaults filled in; throws `CrewValidationError`. */
export function defineAgent(input: AgentInput): AgentDefinition {
  const result = validateAgent(input);
  if (result.agent === undefined) throw new CrewValidationError(result.problems);
  return result.agent;
}

/** A task from a plain typed object, defaults filled in; throws `CrewValidationError`. */
export function defineTask(input: TaskInput): TaskDefinition {
  const result = validateTask(input);
  if (result.task === undefined) throw new CrewValidationError(result.problems);
  return result.task;
}
