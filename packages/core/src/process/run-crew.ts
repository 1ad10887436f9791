import type {
  AgentExecutionBudgetLimits,
  AgentExecutionBudgetPresetName,
} from '../autonomous/agent-execution-budget-limits.js';
import type { BudgetExhaustedError } from '../budget/budget-exhausted-error.js';
import { type ConsensusVotingOptions, consensusOptionsFor } from '../consensus/consensus-settings.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import { crewRuleProblems } from '../crew/crew-rules.js';
import { CrewValidationError } from '../crew/crew-validation-error.js';
import { isProcessType, runnableProcessTypes, unknownProcessMessage } from '../crew/process-type.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { CrewMemory } from '../crew-memory/crew-memory.js';
import type { PiiDetector } from '../dlp/pii-detector.js';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { KnowledgeBase } from '../knowledge/knowledge-base.js';
import type { Logger } from '../logging/logger.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { withCrewRunSpan } from '../telemetry/crew-run-span.js';
import { createAgentSelector } from './agent-selector.js';
import { runAutonomousProcess } from './autonomous-process.js';
import { runConsensualProcess } from './consensual-process.js';
import type { CrewEventListener } from './crew-events.js';
import type { CrewResult } from './crew-result.js';
import { CrewRun, type LlmClientFactory } from './crew-run.js';
import { CrewRunError, UnsupportedProcessError } from './crew-run-errors.js';
import { graphConfigSchema } from './graph-config.js';
import { graphCheckpointId, runCrewGraphProcess } from './graph-crew-process.js';
import { runGraphProcess } from './graph-process.js';
import { runHierarchicalProcess } from './hierarchical-process.js';
import { defaultMaxConcurrency, runParallelProcess } from './parallel-process.js';
import { runSequentialProcess } from './sequential-process.js';
import { dependencyWaves, taskRunOrder } from './task-order.js';

export interface RunCrewOptions {
  /** Builds the model client of an agent for a task; see `LlmClientFactory`. */
  readonly clientFor: LlmClientFactory;
  readonly logger: Logger;
  /** Stops the run: running model calls end, nothing new starts, the result says `interrupted`. */
  readonly signal?: AbortSignal;
  /** The run's id (its checkpoint session), put on the `crew.run` span so that a recorded run finds its trace. */
  readonly sessionId?: string;
  readonly onEvent?: CrewEventListener;
  /** Resume: outputs of tasks done in an earlier run, by task id; those tasks are not run again. */
  readonly completedOutputs?: Readonly<Record<string, string>> | ReadonlyMap<string, string>;
  /** Most tasks at once in the parallel process; wins over the crew's `maxConcurrency`. Default 4. */
  readonly maxConcurrency?: number;
  /** The permission gate's mode for the agents' tool calls. */
  readonly permissionMode?: PermissionMode;
  /** The crew budget's error once a limit is spent: nothing new starts from then on (the signal aborts a moment later). */
  readonly budgetSpent?: () => BudgetExhaustedError | undefined;
  /** Voting of the consensual process (the `Svc:Consensus:Voting` settings); the crew's `consensus:` wins key by key. */
  readonly consensus?: ConsensusVotingOptions;
  /** The autonomous process's execution budget: a preset name or limits. Default: the crew's `executionBudget`, else `permissive`. */
  readonly executionBudget?: AgentExecutionBudgetLimits | AgentExecutionBudgetPresetName;
  /** How long an autonomous delegate may work before it is cancelled. Default 2 minutes. */
  readonly delegationTimeoutMilliseconds?: number;
  /** What the `Embedding` agent selection embeds with (the runtime gives its `EmbeddingProviderService`). */
  readonly embeddings?: EmbeddingProvider | undefined;
  /** Crew memory, for a crew with `memory: true` (the runtime builds it from the crew's store and scope). */
  readonly memory?: CrewMemory;
  /** Searches agents' `knowledge:` collections before their tasks. */
  readonly knowledge?: KnowledgeBase;
  /** Repairs of an answer that breaks its task's output rules, when the task does not say; default 1. */
  readonly maxRepairAttempts?: number;
  /** Finds personal data for the tasks' `outputValidation.forbiddenPii`. */
  readonly piiDetector?: PiiDetector;
}

/**
 * Runs a crew with its process (sequential, hierarchical, parallel, consensual, graph or autonomous) inside a
 * `crew.run` span. Task failures do not throw: they come back in the result, whose
 * `error` names every failed and skipped task. Rejects only when the run cannot start:
 * an invalid crew (`CREW_INVALID`), a process that does not run yet
 * (`CREW_PROCESS_UNSUPPORTED`), or a bad `maxConcurrency` (`CREW_RUN_OPTIONS_INVALID`).
 */
export async function runCrew(crew: CrewDefinition, options: RunCrewOptions): Promise<CrewResult> {
  if (!isProcessType(crew.process)) {
    throw new CrewValidationError([
      { code: 'unknown-process', path: ['process'], message: unknownProcessMessage(crew.process) },
    ]);
  }
  if (!(runnableProcessTypes as readonly string[]).includes(crew.process))
    throw new UnsupportedProcessError(crew.process);
  const problems = crewRuleProblems(crew);
  if (problems.length > 0) throw new CrewValidationError(problems);
  const maxConcurrency = options.maxConcurrency ?? crew.maxConcurrency ?? defaultMaxConcurrency;
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) {
    throw new OrkeonError<CoreErrorCode>(
      'CREW_RUN_OPTIONS_INVALID',
      `maxConcurrency must be a whole number of at least 1, not ${maxConcurrency}.`,
    );
  }

  const logger = options.logger.child({ crew: crew.name });
  const completed = options.completedOutputs;
  const completedOutputs = new Map(
    completed === undefined ? [] : completed instanceof Map ? completed : Object.entries(completed),
  );
  // The graph process's own position, saved beside the task checkpoints.
  const graphCheckpoint = completedOutputs.get(graphCheckpointId);
  completedOutputs.delete(graphCheckpointId);
  for (const id of completedOutputs.keys()) {
    if (!crew.tasks.some((task) => task.id === id)) {
      logger.warn({ task: id }, 'completedOutputs names a task the crew does not have; ignored');
    }
  }

  const waves = crew.process === 'parallel' ? dependencyWaves(crew.tasks) : undefined;
  const order = waves === undefined ? taskRunOrder(crew.tasks) : waves.flat();
  const run = new CrewRun(crew, order, {
    clientFor: options.clientFor,
    logger,
    completedOutputs,
    selector: createAgentSelector(crew.agentSelection, { embeddings: options.embeddings, logger }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
    ...(options.budgetSpent === undefined ? {} : { budgetSpent: options.budgetSpent }),
    ...(options.memory === undefined ? {} : { memory: options.memory }),
    ...(options.knowledge === undefined ? {} : { knowledge: options.knowledge }),
    ...(options.maxRepairAttempts === undefined ? {} : { maxRepairAttempts: options.maxRepairAttempts }),
    ...(options.piiDetector === undefined ? {} : { piiDetector: options.piiDetector }),
  });
  return withCrewRunSpan(
    {
      name: crew.name,
      process: crew.process,
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    },
    async () => {
      await run.start();
      if (waves !== undefined) await runParallelProcess(run, waves, maxConcurrency);
      else if (crew.process === 'hierarchical') await runHierarchicalProcess(run);
      else if (crew.process === 'consensual')
        await runConsensualProcess(run, consensusOptionsFor(options.consensus, crew.consensus));
      else if (crew.process === 'graph') {
        const config = graphConfigSchema.parse(crew.graphConfig ?? {});
        if (crew.graph === undefined) await runGraphProcess(run, config);
        else await runCrewGraphProcess(run, crew.graph, config, graphCheckpoint);
      } else if (crew.process === 'autonomous')
        await runAutonomousProcess(run, {
          ...(options.executionBudget === undefined ? {} : { budget: options.executionBudget }),
          ...(options.delegationTimeoutMilliseconds === undefined
            ? {}
            : { delegationTimeoutMilliseconds: options.delegationTimeoutMilliseconds }),
        });
      else await runSequentialProcess(run);
      return run.finish();
    },
    crewFailure,
  );
}

/** Why a finished run did not succeed, for its span: the run's error (a spent budget names its own code). */
function crewFailure(result: CrewResult): unknown {
  if (result.success) return undefined;
  return result.error ?? new CrewRunError('CREW_RUN_FAILED', 'the crew did not succeed');
}

/** The tools of `agent` working on `task`: the agent's, then the task's, each once. For `clientFor` to select. */
export function toolNamesFor(agent: AgentDefinition, task: TaskDefinition): string[] {
  const names: string[] = [];
  for (const name of [...agent.tools, ...task.tools]) {
    if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}
