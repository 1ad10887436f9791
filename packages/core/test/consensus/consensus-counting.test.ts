import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymousLabels, labelAt } from '../../src/consensus/anonymous-labels.js';
import { readBallot } from '../../src/consensus/ballot.js';
import {
  type ConsensusVotingOptions,
  consensusOptionsFor,
  consensusVotingSettings,
} from '../../src/consensus/consensus-settings.js';
import { type CountedBallot, tallyBallots } from '../../src/consensus/consensus-tally.js';

const defaults: ConsensusVotingOptions = consensusVotingSettings.schema.parse({});
const options = (overrides: Partial<ConsensusVotingOptions>) => ({ ...defaults, ...overrides });
const vote = (voter: string, ranking: string[] | undefined, extra: Partial<CountedBallot> = {}): CountedBallot => ({
  voter,
  weight: 1,
  ranking,
  confidence: 1,
  shown: 2,
  ...extra,
});

describe('anonymous labels', () => {
  it('labels run A…Z, then AA, AB', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(labelAt)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('property: the same seed gives the same labelling; it is always a permutation with labels in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 30 }), fc.string(), (items, seed) => {
        const first = anonymousLabels(items, seed);
        expect(anonymousLabels(items, seed)).toEqual(first);
        expect(first.map((entry) => entry.item).sort()).toEqual([...items].sort());
        expect(first.map((entry) => entry.label)).toEqual(items.map((_, index) => labelAt(index)));
      }),
    );
  });

  it('the order changes with the task and the round', () => {
    const items = ['alice', 'bob', 'carol', 'dave', 'erin'];
    const orders = new Set(
      ['crew/task/1', 'crew/task/2', 'crew/task/3', 'crew/other/1', 'crew/other/2'].map((seed) =>
        anonymousLabels(items, seed)
          .map((entry) => entry.item)
          .join(','),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('ballots', () => {
  const shown = ['A', 'C'];
  it('reads the ranking, matching labels without regard to case and dropping unknown and repeated ones', () => {
    expect(
      readBallot(
        '{"ranking":["c","Z","C","a"],"abstain":false,"confidence":0.8,"justification":"C cites sources"}',
        shown,
      ),
    ).toEqual({ abstain: false, ranking: ['C', 'A'], confidence: 0.8, justification: 'C cites sources' });
    expect(readBallot({ ranking: ['A'], confidence: 7 }, shown)).toMatchObject({ confidence: 1 });
    expect(readBallot('```json\n{"ranking":["A"]}\n```', shown)).toMatchObject({ abstain: false, ranking: ['A'] });
  });

  it('an explicit abstention is not malformed', () => {
    expect(readBallot('{"ranking":[],"abstain":true,"justification":"cannot judge"}', shown)).toEqual({
      abstain: true,
      malformed: false,
      justification: 'cannot judge',
    });
  });

  it.each([
    ['not JSON', 'I like A best'],
    ['a list', '["A"]'],
    ['no ranking', '{"confidence":1}'],
    ['only labels not shown', '{"ranking":["B","D"]}'],
    ['a ranking that is not a list', '{"ranking":"A"}'],
    ['abstain that is not true/false', '{"ranking":["A"],"abstain":"no"}'],
    ['nothing', undefined],
  ])('a malformed ballot (%s) is an abstention', (_, answer) => {
    expect(readBallot(answer, shown)).toEqual({ abstain: true, malformed: true, justification: '' });
  });
});

describe('tallies', () => {
  const candidates = ['alice', 'bob', 'carol'];

  it('Majority needs more than half of the first places', () => {
    const reached = tallyBallots(
      candidates,
      [vote('bob', ['alice']), vote('carol', ['alice']), vote('alice', ['bob'])],
      defaults,
    );
    expect(reached).toMatchObject({
      reached: true,
      winner: 'alice',
      share: 66.7,
      scores: { alice: 2, bob: 1, carol: 0 },
    });
    const split = tallyBallots(
      [...candidates, 'dave'],
      [vote('a', ['alice']), vote('b', ['alice']), vote('c', ['bob']), vote('d', ['carol'])],
      defaults,
    );
    expect(split).toMatchObject({ reached: false, best: 'alice', share: 50 });
    expect(split.winner).toBeUndefined();
  });

  it('a tie at the top is no consensus, so two agents always tie', () => {
    const tally = tallyBallots(['alice', 'bob'], [vote('alice', ['bob']), vote('bob', ['alice'])], defaults);
    expect(tally).toMatchObject({ reached: false, best: 'alice', reason: 'a tie at the top between 2 answers' });
  });

  it('SuperMajority compares with ConsensusThreshold: 2 of 3 falls short of 66.7 and meets 60', () => {
    const ballots = [vote('bob', ['alice']), vote('carol', ['alice']), vote('alice', ['bob'])];
    expect(tallyBallots(candidates, ballots, options({ ConsensusType: 'SuperMajority' })).reached).toBe(false);
    expect(
      tallyBallots(candidates, ballots, options({ ConsensusType: 'SuperMajority', ConsensusThreshold: 60 })).reached,
    ).toBe(true);
  });

  it('Unanimity needs every counted vote', () => {
    const all = [vote('bob', ['alice']), vote('carol', ['alice'])];
    expect(tallyBallots(candidates, all, options({ ConsensusType: 'Unanimity' })).reached).toBe(true);
    expect(
      tallyBallots(candidates, [...all, vote('dave', ['bob'])], options({ ConsensusType: 'Unanimity' })).reached,
    ).toBe(false);
  });

  it('WeightedConsensus weighs each first place by role weight × confidence', () => {
    const ballots = [
      vote('bob', ['alice'], { weight: 1, confidence: 0.2 }),
      vote('carol', ['alice'], { weight: 1, confidence: 0.2 }),
      vote('alice', ['bob'], { weight: 3, confidence: 0.9 }),
    ];
    const tally = tallyBallots(candidates, ballots, options({ ConsensusType: 'WeightedConsensus' }));
    expect(tally).toMatchObject({ reached: true, winner: 'bob' });
    expect(tally.scores.bob).toBeCloseTo(2.7);
  });

  it('UseWeightedVotes weighs Majority ballots by role weight', () => {
    const ballots = [vote('bob', ['alice']), vote('carol', ['alice']), vote('alice', ['bob'], { weight: 5 })];
    expect(tallyBallots(candidates, ballots, defaults).winner).toBe('alice');
    expect(tallyBallots(candidates, ballots, options({ UseWeightedVotes: true })).winner).toBe('bob');
  });

  it('BordaCount scores the whole ranking', () => {
    // First places: alice 2, bob 1, carol 1; Borda points (2, 1, 0): bob 1+1+2+1 = 5 beats alice 2+2+0+0 = 4.
    const shown3 = { shown: 3 };
    const ballots = [
      vote('v1', ['alice', 'bob', 'carol'], shown3),
      vote('v2', ['alice', 'bob', 'carol'], shown3),
      vote('v3', ['bob', 'carol', 'alice'], shown3),
      vote('v4', ['carol', 'bob', 'alice'], shown3),
    ];
    const tally = tallyBallots(candidates, ballots, options({ ConsensusType: 'BordaCount' }));
    expect(tally).toMatchObject({ reached: true, winner: 'bob', scores: { alice: 4, bob: 5, carol: 3 } });
  });

  it('QuorumPercent counts ballots cast (not abstentions) against the eligible voters', () => {
    const ballots = [vote('a', ['alice']), vote('b', undefined), vote('c', undefined)];
    expect(tallyBallots(candidates, ballots, defaults)).toMatchObject({
      reached: false,
      reason: 'quorum not met: 1 of 3 voted, QuorumPercent is 50',
    });
    expect(tallyBallots(candidates, ballots, options({ QuorumPercent: 30 })).reached).toBe(true);
  });

  it('with AllowAbstention false an abstention counts against every answer', () => {
    const ballots = [
      vote('a', ['alice']),
      vote('b', ['alice']),
      vote('c', undefined),
      vote('d', undefined),
      vote('e', ['bob']),
    ];
    expect(tallyBallots(candidates, ballots, defaults)).toMatchObject({ reached: true, share: 66.7 });
    expect(tallyBallots(candidates, ballots, options({ AllowAbstention: false }))).toMatchObject({
      reached: false,
      share: 40,
    });
  });
});

describe('voting options', () => {
  it('the settings default as documented, and a crew’s consensus block wins key by key', () => {
    expect(defaults).toEqual({
      ConsensusType: 'Majority',
      ConsensusThreshold: 66.7,
      QuorumPercent: 50,
      AllowAbstention: true,
      UseWeightedVotes: false,
      MaxVotingRounds: 3,
      EnableDiscussion: true,
      RoleWeights: {},
      FallbackStrategy: 'AcceptBestScore',
    });
    const settings = options({ ConsensusType: 'BordaCount', MaxVotingRounds: 5 });
    expect(consensusOptionsFor(settings, { maxVotingRounds: 1, fallbackStrategy: 'Fail' })).toEqual({
      ...settings,
      MaxVotingRounds: 1,
      FallbackStrategy: 'Fail',
    });
    expect(consensusOptionsFor(undefined, undefined)).toEqual(defaults);
  });

  it('bad settings are refused naming the allowed values', () => {
    expect(consensusVotingSettings.schema.safeParse({ ConsensusType: 'Plurality' }).success).toBe(false);
    expect(consensusVotingSettings.schema.safeParse({ ConsensusThreshold: 120 }).success).toBe(false);
    expect(consensusVotingSettings.schema.safeParse({ MaxVotingRounds: 0 }).success).toBe(false);
  });
});
