import { anonymousLabels } from '../consensus/anonymous-labels.js';
import { ballotShape, readBallot } from '../consensus/ballot.js';
import type { ConsensusVotingOptions } from '../consensus/consensus-settings.js';
import type { ConsensusTally, CountedBallot } from '../consensus/consensus-tally.js';
import { tallyBallots } from '../consensus/consensus-tally.js';
import type { AgentDefinition } from '../crew/agent-definition.js';
import type { TaskDefinition } from '../crew/task-definition.js';
import type { TokenUsage } from '../llm/llm-client.js';
import type { CrewRun } from './crew-run.js';
import { agentSystemPrompt } from './task-prompt.js';
import { addUsage, zeroUsage } from './token-usage.js';

/** A successful answer to the task: its author and text. */
export interface Candidate {
  readonly agent: AgentDefinition;
  readonly output: string;
}

export interface VotingRound {
  readonly tally: ConsensusTally;
  /** The labels of this round, label → author id. */
  readonly labels: ReadonlyMap<string, string>;
  /** The justifications given, for the next round's discussion. */
  readonly justifications: readonly string[];
  readonly usage: TokenUsage;
}

/**
 * One round: the answers get labels shuffled for this task and round; every voter
 * ranks the answers of the others (its own is not shown) and the ballots are counted.
 * A voter with nothing to rank does not vote; a ballot that errors or cannot be read is
 * an abstention.
 */
export async function votingRound(
  run: CrewRun,
  task: TaskDefinition,
  voters: readonly AgentDefinition[],
  candidates: readonly Candidate[],
  round: { readonly number: number; readonly discussion: readonly string[]; readonly options: ConsensusVotingOptions },
): Promise<VotingRound> {
  const labelled = anonymousLabels(candidates, `${run.crew.name}/${task.id}/${round.number}`);
  const labels = new Map(labelled.map(({ label, item }) => [label, item.agent.id]));
  const authors = new Map(labelled.map(({ label, item }) => [item.agent.id, label]));
  let usage = zeroUsage;
  const justifications: string[] = [];
  const ballots = await Promise.all(
    voters.map(async (voter): Promise<CountedBallot | undefined> => {
      const shown = labelled.filter(({ item }) => item.agent.id !== voter.id);
      if (shown.length === 0) return undefined;
      const answer = await askForBallot(run, task, voter, shown, round);
      usage = addUsage(usage, answer.usage);
      const ballot = readBallot(
        answer.value,
        shown.map(({ label }) => label),
      );
      if (ballot.justification !== '') justifications.push(ballot.justification);
      if (ballot.abstain && ballot.malformed)
        run.logger.warn(
          { task: task.id, voter: voter.id, round: round.number },
          'a malformed ballot counts as an abstention',
        );
      return {
        voter: voter.id,
        weight: roleWeight(voter, round.options.RoleWeights),
        ranking: ballot.abstain ? undefined : ballot.ranking.map((label) => labels.get(label) as string),
        confidence: ballot.abstain ? 1 : ballot.confidence,
        shown: shown.length,
      };
    }),
  );
  const counted = ballots.filter((ballot): ballot is CountedBallot => ballot !== undefined);
  const tally = tallyBallots(
    candidates.map((candidate) => candidate.agent.id),
    counted,
    round.options,
  );
  run.logger.info(
    {
      task: task.id,
      round: round.number,
      reached: tally.reached,
      scores: tally.scores,
      reason: tally.reason,
      labels: Object.fromEntries(authors),
    },
    'consensus round counted',
  );
  return { tally, labels, justifications, usage };
}

async function askForBallot(
  run: CrewRun,
  task: TaskDefinition,
  voter: AgentDefinition,
  shown: readonly { label: string; item: Candidate }[],
  round: { readonly number: number; readonly discussion: readonly string[] },
): Promise<{ value: unknown; usage: TokenUsage }> {
  const sections = [
    `Vote on the answers to task '${task.id}' (round ${round.number}). The answers are anonymous; judge them on their merits.`,
    `# Task\n${task.description}`,
    `# Expected output\n${task.expectedOutput}`,
    `# Answers\n${shown.map(({ label, item }) => `## ${label}\n${item.output}`).join('\n\n')}`,
  ];
  if (round.discussion.length > 0) {
    sections.push(
      `# Discussion of the previous round\nNo consensus was reached. The voters said:\n${round.discussion.map((line) => `- ${line}`).join('\n')}`,
    );
  }
  sections.push(
    `Rank every answer from best to worst by its label (${shown.map(({ label }) => label).join(', ')}). Answer with JSON only: ${ballotShape}. Set "abstain": true when you cannot judge.`,
  );
  const signal = run.signal;
  try {
    const result = await run.client(voter, task).complete(sections.join('\n\n'), {
      system: agentSystemPrompt(voter),
      responseFormat: { type: 'json' },
      ...(signal === undefined ? {} : { signal }),
    });
    run.recordUsage(result.usage);
    return { value: result.value ?? result.output, usage: result.usage };
  } catch (error) {
    run.logger.warn({ task: task.id, voter: voter.id, err: error }, 'a ballot failed; counted as an abstention');
    return { value: undefined, usage: zeroUsage };
  }
}

/** The voter's weight: its RoleWeights entry by role or id (case ignored), else 1. */
function roleWeight(voter: AgentDefinition, weights: Readonly<Record<string, number>>): number {
  const wanted = [voter.role.toLowerCase(), voter.id.toLowerCase()];
  const entry = Object.entries(weights).find(([key]) => wanted.includes(key.toLowerCase()));
  return entry?.[1] ?? 1;
}

/**
 * `ManagerDecision`: the crew's manager picks one of the answers by label. An error
 * or an answer naming no label falls back to the best score, with a warning.
 */
export async function managerDecision(
  run: CrewRun,
  task: TaskDefinition,
  manager: AgentDefinition,
  candidates: readonly Candidate[],
): Promise<{ chosen: string | undefined; usage: TokenUsage }> {
  const labelled = anonymousLabels(candidates, `${run.crew.name}/${task.id}/manager`);
  const prompt = [
    `The agents reached no consensus on task '${task.id}'. Choose the answer that best meets the expected output.`,
    `# Task\n${task.description}`,
    `# Expected output\n${task.expectedOutput}`,
    `# Answers\n${labelled.map(({ label, item }) => `## ${label}\n${item.output}`).join('\n\n')}`,
    'Answer with JSON only: {"choice":"<label>","reason":"<one sentence>"}.',
  ].join('\n\n');
  const signal = run.signal;
  try {
    const result = await run.client(manager, task).complete(prompt, {
      system: agentSystemPrompt(manager),
      responseFormat: { type: 'json' },
      ...(signal === undefined ? {} : { signal }),
    });
    run.recordUsage(result.usage);
    const choice = (result.value as { choice?: unknown } | undefined)?.choice;
    const picked = labelled.find(({ label }) => typeof choice === 'string' && label === choice.trim().toUpperCase());
    if (picked === undefined)
      run.logger.warn({ task: task.id, manager: manager.id }, 'the manager chose no answer; the best score is taken');
    return { chosen: picked?.item.agent.id, usage: result.usage };
  } catch (error) {
    run.logger.warn(
      { task: task.id, manager: manager.id, err: error },
      'the manager’s decision failed; the best score is taken',
    );
    return { chosen: undefined, usage: zeroUsage };
  }
}
