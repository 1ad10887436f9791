import { performance } from 'node:perf_hooks';
import type { ConsensusVotingOptions } from '../consensus/consensus-settings.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { TokenUsage } from '../llm/llm-client.js';
import { type Candidate, managerDecision, votingRound } from './consensual-voting.js';
import type { CrewRun } from './crew-run.js';
import { TaskFailureError } from './crew-run-errors.js';
import { asOrkeonError, interruptedError } from './crew-run-failure.js';
import { addUsage, zeroUsage } from './token-usage.js';

/**
 * Tasks one at a time in run order. For each, every agent but the manager answers at
 * once; then they vote on the others' successful answers, round after round, until
 * the strategy finds a consensus or `MaxVotingRounds` is spent and the fallback
 * decides. The chosen answer is the task's output, its author the task's agent. The
 * result's metadata says, per task, how the answer was chosen (`consensus.<task id>`).
 */
export async function runConsensualProcess(run: CrewRun, options: ConsensusVotingOptions): Promise<void> {
  if (options.FallbackStrategy === 'ManagerDecision' && run.crew.manager === undefined) {
    throw new OrkeonError<CoreErrorCode>(
      'CONSENSUS_MANAGER_MISSING',
      `crew '${run.crew.name}' falls back to ManagerDecision but names no manager; add manager: <agent id>, or set consensus.fallbackStrategy to AcceptBestScore or Fail.`,
    );
  }
  const voters = run.crew.agents.filter((agent) => agent.id !== run.crew.manager);
  for (const task of run.order) {
    if (await run.settleWithoutRunning(task)) continue;
    await runConsensualTask(run, task, voters, options);
  }
}

async function runConsensualTask(
  run: CrewRun,
  task: TaskDefinition,
  voters: readonly AgentDefinition[],
  options: ConsensusVotingOptions,
): Promise<void> {
  const startedAt = performance.now();
  const earlier = run.earlierOutputs();
  let usage: TokenUsage = zeroUsage;
  try {
    for (const agent of voters) await run.begin(task, agent, 1);
    const answers = await Promise.all(
      voters.map(async (agent) => {
        try {
          const answer = await run.work(task, agent, earlier);
          usage = addUsage(usage, answer.usage);
          return { agent, output: answer.output };
        } catch (error) {
          return { agent, error: asOrkeonError(error) };
        }
      }),
    );
    if (run.interrupted) throw interruptedError(task);
    const candidates = answers.flatMap((answer): Candidate[] =>
      answer.output === undefined ? [] : [{ agent: answer.agent, output: answer.output }],
    );
    if (candidates.length === 0) {
      const failures = answers.map((answer) => `${answer.agent.id}: ${answer.error?.message ?? ''}`);
      throw new TaskFailureError(
        'CONSENSUS_ANSWERS_MISSING',
        `every agent failed on task '${task.id}', so there was nothing to vote on (${failures.join('; ')}).`,
      );
    }
    const decision = await decide(run, task, voters, candidates, options);
    usage = addUsage(usage, decision.usage);
    run.setMetadata(`consensus.${task.id}`, decision.summary);
    const winner = candidates.find((candidate) => candidate.agent.id === decision.winner) as Candidate;
    await run.complete(task, winner.agent, winner.output, usage, startedAt);
  } catch (error) {
    await run.fail(task, undefined, run.interrupted ? interruptedError(task) : asOrkeonError(error), startedAt);
  }
}

/** Rounds of voting, then the fallback; a lone answer needs no vote. Throws CONSENSUS_NOT_REACHED under `Fail`. */
async function decide(
  run: CrewRun,
  task: TaskDefinition,
  voters: readonly AgentDefinition[],
  candidates: readonly Candidate[],
  options: ConsensusVotingOptions,
): Promise<{ winner: string; summary: string; usage: TokenUsage }> {
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only !== undefined) return { winner: only.agent.id, summary: 'the only successful answer', usage: zeroUsage };
  let usage = zeroUsage;
  let discussion: readonly string[] = [];
  let best = candidates[0]?.agent.id as string;
  let reason = '';
  for (let number = 1; number <= options.MaxVotingRounds; number++) {
    if (run.interrupted) throw interruptedError(task);
    const round = await votingRound(run, task, voters, candidates, { number, discussion, options });
    usage = addUsage(usage, round.usage);
    const { tally } = round;
    if (tally.winner !== undefined) {
      return {
        winner: tally.winner,
        summary: `${options.ConsensusType} consensus in round ${number}: ${tally.reason}`,
        usage,
      };
    }
    best = tally.best;
    reason = tally.reason;
    discussion = options.EnableDiscussion ? round.justifications : [];
  }
  const rounds = `no consensus after ${options.MaxVotingRounds} round${options.MaxVotingRounds === 1 ? '' : 's'} (${reason})`;
  if (options.FallbackStrategy === 'Fail') {
    throw new TaskFailureError(
      'CONSENSUS_NOT_REACHED',
      `the agents reached ${rounds} on task '${task.id}'; allow more rounds (MaxVotingRounds), lower the bar, or use FallbackStrategy AcceptBestScore or ManagerDecision.`,
    );
  }
  if (options.FallbackStrategy === 'ManagerDecision') {
    const manager = run.agent(run.crew.manager as string);
    const decision = await managerDecision(run, task, manager, candidates);
    usage = addUsage(usage, decision.usage);
    if (decision.chosen !== undefined)
      return { winner: decision.chosen, summary: `${rounds}; the manager decided`, usage };
  }
  return { winner: best, summary: `${rounds}; the best score was accepted`, usage };
}
