import type { RecordedRequest } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { messageText } from './processes-test-setup.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: panel
process: consensual
consensus: { max_voting_rounds: 1, fallback_strategy: Fail }
agents:
  alice: { role: Analyst Alice, goal: Answer well }
  bob: { role: Analyst Bob, goal: Answer well }
  carol: { role: Analyst Carol, goal: Answer well }
tasks:
  pick: { description: Name the best database., expected_output: One name }
`,
});

/** Answers by content (the agents work at once): answers name their author; ballots rank Alice first, except hers. */
function scriptPanel() {
  for (let index = 0; index < 6; index++) {
    scripted.server.enqueue((request: RecordedRequest) => {
      const agent = /You are Analyst (\w+)\./.exec(messageText(request, 'system'))?.[1] ?? '?';
      const prompt = messageText(request, 'user');
      if (!prompt.includes('Vote on the answers')) return { text: `ANSWER OF ${agent.toUpperCase()}` };
      const labelOf = (author: string) => new RegExp(`## ([A-Z]+)\\nANSWER OF ${author}`).exec(prompt)?.[1];
      const ranking = (agent === 'Alice' ? ['BOB', 'CAROL'] : ['ALICE', 'BOB', 'CAROL']).map(labelOf).filter(Boolean);
      return { text: JSON.stringify({ ranking, abstain: false, confidence: 1, justification: 'clear' }) };
    });
  }
}

const run = (extra: Record<string, string> = {}) => scripted.run(['run', 'crew.yaml'], { environment: extra });

describe('orkeon run: consensual crew', () => {
  it('every agent answers, they vote, and the majority’s answer is the output', async () => {
    scriptPanel();
    const result = await run();
    expect(result.stderr).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('=== Crew Output ===\nANSWER OF ALICE');
    expect(scripted.server.requests).toHaveLength(6);
  });

  it('Svc:Consensus:Voting settings take effect: Unanimity is not reached and the crew’s Fail fallback fails the run', async () => {
    scriptPanel();
    const result = await run({ SVC_Svc__Consensus__Voting__ConsensusType: 'Unanimity' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no consensus after 1 round');
  });

  it('a bad voting setting stops the command before any model call', async () => {
    const result = await run({ SVC_Svc__Consensus__Voting__MaxVotingRounds: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Svc:Consensus:Voting:MaxVotingRounds');
    expect(scripted.server.requests).toHaveLength(0);
  });
});
