import {
  captureLogger,
  type RecordedRequest,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consensusVotingSettings } from '../../src/consensus/consensus-settings.js';
import type { CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, systemText, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

const agents = [
  { id: 'alice', role: 'Analyst Alice', goal: 'Answer well' },
  { id: 'bob', role: 'Analyst Bob', goal: 'Answer well' },
  { id: 'carol', role: 'Analyst Carol', goal: 'Answer well' },
];

function crew(overrides: Partial<CrewInput> = {}) {
  return defineCrew({
    name: 'panel',
    process: 'consensual',
    agents,
    tasks: [{ id: 'pick', description: 'Name the best database.', expectedOutput: 'One name' }],
    ...overrides,
  });
}

/** Which agent a request comes from, by its system prompt. */
function agentOf(request: RecordedRequest): string {
  const match = /You are Analyst (\w+)\./.exec(systemText(request));
  return (match?.[1] ?? 'manager').toLowerCase();
}

/** The labels of a ballot prompt, label → answer text. */
function labelsIn(request: RecordedRequest): Map<string, string> {
  const text = userText(request);
  const answers = text.slice(text.indexOf('# Answers\n'), text.search(/\n\n(# Discussion|Rank every answer)/));
  const labels = new Map<string, string>();
  for (const match of answers.matchAll(/## ([A-Z]+)\n([^\n]*)/g)) labels.set(match[1] as string, match[2] as string);
  return labels;
}

const isBallot = (request: RecordedRequest) => userText(request).includes('Vote on the answers');

/**
 * Answers every call by content, since the agents work at the same time: each agent
 * answers `ANSWER OF <ID>`; its ballot comes from `ballot(voter, labels)`.
 */
function script(ballot: (voter: string, labels: Map<string, string>, request: RecordedRequest) => string, calls = 40) {
  for (let index = 0; index < calls; index++) {
    server.enqueue((request) => {
      const agent = agentOf(request);
      const judging = isBallot(request) || userText(request).includes('The agents reached no consensus');
      if (!judging) return { text: `ANSWER OF ${agent.toUpperCase()}` };
      return { text: ballot(agent, labelsIn(request), request) };
    });
  }
}

/** A ballot ranking the answers in the order of `preference` (agent ids). */
function rank(labels: Map<string, string>, preference: readonly string[], justification = 'clear'): string {
  const ranking = preference
    .map((id) => [...labels].find(([, answer]) => answer === `ANSWER OF ${id.toUpperCase()}`)?.[0])
    .filter((label) => label !== undefined);
  return JSON.stringify({ ranking, abstain: false, confidence: 0.9, justification });
}

describe('consensual process', () => {
  it('every agent answers; each ranks the others’ answers under labels; a majority picks the answer', async () => {
    script((voter, labels) => rank(labels, voter === 'alice' ? ['bob', 'carol'] : ['alice', 'bob', 'carol']));
    const log = eventLog();
    const result = await runCrew(crew(), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });

    expect(result).toMatchObject({ success: true, output: 'ANSWER OF ALICE' });
    expect(result.tasks[0]).toMatchObject({ id: 'pick', agent: 'alice', status: 'Completed' });
    expect(result.metadata?.['consensus.pick']).toMatch(
      /^Majority consensus in round 1: 66.7% of the first places meets/,
    );
    const ballots = server.requests.filter(isBallot);
    expect(ballots).toHaveLength(3);
    for (const ballot of ballots) {
      const voter = agentOf(ballot);
      const shown = [...labelsIn(ballot).values()];
      // A voter never sees its own answer; it sees the two others, labelled A to C.
      expect(shown).toHaveLength(2);
      expect(shown).not.toContain(`ANSWER OF ${voter.toUpperCase()}`);
      expect([...labelsIn(ballot).keys()].every((label) => ['A', 'B', 'C'].includes(label))).toBe(true);
      expect(ballot.body?.response_format).toEqual({ type: 'json_object' });
    }
    // Every voter of a round sees the same labelling.
    const labelOf = (answer: string) =>
      new Set(ballots.map((ballot) => [...labelsIn(ballot)].find(([, text]) => text === answer)?.[0]).filter(Boolean));
    expect(labelOf('ANSWER OF BOB').size).toBe(1);
    expect(log.events.filter((event) => event.kind === 'task.started')).toHaveLength(3);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
  });

  it('two agents always tie; after MaxVotingRounds the best score is accepted and nothing is re-run', async () => {
    script((voter, labels) => rank(labels, voter === 'alice' ? ['bob'] : ['alice'], `${voter} prefers the other`));
    const result = await runCrew(crew({ agents: agents.slice(0, 2), consensus: { maxVotingRounds: 2 } }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });

    expect(result.success).toBe(true);
    expect(result.metadata?.['consensus.pick']).toBe(
      'no consensus after 2 rounds (a tie at the top between 2 answers); the best score was accepted',
    );
    expect(['ANSWER OF ALICE', 'ANSWER OF BOB']).toContain(result.output);
    // Two answers, two ballots per round, two rounds: no answer was asked for again.
    expect(server.requests.filter((request) => !isBallot(request))).toHaveLength(2);
    const second = server.requests.filter(isBallot).slice(2);
    expect(second).toHaveLength(2);
    // EnableDiscussion: the second round shows the first round's justifications.
    for (const ballot of second) {
      expect(userText(ballot)).toContain('# Discussion of the previous round');
      expect(userText(ballot)).toContain('- alice prefers the other');
    }
  });

  it('without discussion the next round shows no justifications', async () => {
    script((voter, labels) => rank(labels, voter === 'alice' ? ['bob'] : ['alice'], 'secret reasoning'));
    await runCrew(crew({ agents: agents.slice(0, 2), consensus: { maxVotingRounds: 2, enableDiscussion: false } }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(server.requests.filter(isBallot).map(userText).join('\n')).not.toContain('secret reasoning');
  });

  it('FallbackStrategy Fail fails the task with CONSENSUS_NOT_REACHED', async () => {
    script((voter, labels) => rank(labels, voter === 'alice' ? ['bob'] : ['alice']));
    const result = await runCrew(
      crew({ agents: agents.slice(0, 2), consensus: { maxVotingRounds: 1, fallbackStrategy: 'Fail' } }),
      {
        clientFor: scriptedClients(server).clientFor,
        logger: captureLogger().logger,
      },
    );
    expect(result.success).toBe(false);
    expect(result.tasks[0]).toMatchObject({ status: 'Failed', error: { code: 'CONSENSUS_NOT_REACHED' } });
    expect(result.tasks[0]?.error?.message).toContain(
      'no consensus after 1 round (a tie at the top between 2 answers)',
    );
  });

  it('ManagerDecision: the manager picks by label; it neither answers nor votes', async () => {
    script((voter, labels, request) => {
      if (voter === 'manager') {
        const label = [...labelsIn(request)].find(([, text]) => text === 'ANSWER OF BOB')?.[0];
        return JSON.stringify({ choice: label, reason: 'more precise' });
      }
      return rank(labels, voter === 'alice' ? ['bob'] : ['alice']);
    });
    const judge = { id: 'judge', role: 'Judge', goal: 'Decide' };
    const result = await runCrew(
      crew({
        agents: [...agents.slice(0, 2), judge],
        manager: 'judge',
        consensus: { maxVotingRounds: 1, fallbackStrategy: 'ManagerDecision' },
      }),
      { clientFor: scriptedClients(server).clientFor, logger: captureLogger().logger },
    );

    expect(result).toMatchObject({ success: true, output: 'ANSWER OF BOB' });
    expect(result.metadata?.['consensus.pick']).toContain('the manager decided');
    const byManager = server.requests.filter((request) => agentOf(request) === 'manager');
    expect(byManager).toHaveLength(1);
    expect(userText(byManager[0])).toContain('The agents reached no consensus');
  });

  it('ManagerDecision without a manager is refused before anything runs', async () => {
    await expect(
      runCrew(crew({ consensus: { fallbackStrategy: 'ManagerDecision' } }), {
        clientFor: scriptedClients(server).clientFor,
        logger: captureLogger().logger,
      }),
    ).rejects.toMatchObject({ code: 'CONSENSUS_MANAGER_MISSING' });
    expect(server.requests).toHaveLength(0);
  });

  it('malformed ballots are abstentions: without a quorum there is no consensus', async () => {
    script((voter, labels) => (voter === 'carol' ? rank(labels, ['alice']) : 'I think A is best'));
    const logs = captureLogger();
    const result = await runCrew(crew({ consensus: { maxVotingRounds: 1 } }), {
      clientFor: scriptedClients(server, logs.logger).clientFor,
      logger: logs.logger,
    });
    expect(result.success).toBe(true);
    expect(result.metadata?.['consensus.pick']).toBe(
      'no consensus after 1 round (quorum not met: 1 of 3 voted, QuorumPercent is 50); the best score was accepted',
    );
    expect(result.output).toBe('ANSWER OF ALICE');
    expect(logs.records().filter((record) => record.msg === 'a malformed ballot counts as an abstention')).toHaveLength(
      2,
    );
  });

  it('the Svc:Consensus:Voting settings apply; the crew’s consensus block wins key by key', async () => {
    const settings = consensusVotingSettings.schema.parse({ ConsensusType: 'SuperMajority', MaxVotingRounds: 1 });
    const ballot = (voter: string, labels: Map<string, string>) =>
      rank(labels, voter === 'alice' ? ['bob', 'carol'] : ['alice', 'bob', 'carol']);
    script(ballot);
    const strict = await runCrew(crew(), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      consensus: settings,
    });
    // 2 of 3 is 66.67%, short of the default threshold 66.7.
    expect(strict.metadata?.['consensus.pick']).toContain('no consensus after 1 round');

    server.reset();
    script(ballot);
    const lower = await runCrew(crew({ consensus: { consensusThreshold: 60 } }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      consensus: settings,
    });
    expect(lower.metadata?.['consensus.pick']).toMatch(/^SuperMajority consensus in round 1/);
  });

  it('a failed agent’s answer is not voted on; when every agent fails the task fails', async () => {
    for (let index = 0; index < 3; index++) server.enqueue({ error: { status: 500 } });
    const result = await runCrew(crew(), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(result.tasks[0]).toMatchObject({ status: 'Failed', error: { code: 'CONSENSUS_ANSWERS_MISSING' } });
    expect(result.tasks[0]?.error?.message).toMatch(
      /^every agent failed on task 'pick', so there was nothing to vote on \(alice: /,
    );
  });
});
