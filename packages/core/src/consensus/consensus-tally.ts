import type { ConsensusVotingOptions } from './consensus-settings.js';

/** One voter's ballot in terms of candidates (by id), with the voter's role weight. */
export interface CountedBallot {
  readonly voter: string;
  /** The voter's RoleWeights entry; 1 when not listed. */
  readonly weight: number;
  /** Candidate ids, best first; undefined for an abstention. */
  readonly ranking: readonly string[] | undefined;
  readonly confidence: number;
  /** How many candidates the voter was shown (for Borda points). */
  readonly shown: number;
}

export interface ConsensusTally {
  readonly reached: boolean;
  /** The candidate with consensus; absent without one. */
  readonly winner?: string;
  /** The best-scored candidate (first in candidate order on a tie); what AcceptBestScore takes. */
  readonly best: string;
  /** Each candidate's score: weighted first places, or Borda points. */
  readonly scores: Readonly<Record<string, number>>;
  /** The winner's share of the counted weight, as a percentage (not for BordaCount). */
  readonly share: number;
  /** Why there is or is not a consensus, in words. */
  readonly reason: string;
}

/**
 * Counts one round. Quorum first (ballots cast, not abstaining, against the eligible
 * voters); then the strategy's scores; a tie at the top is never a consensus. With
 * `AllowAbstention` false an abstention still counts in the whole, against every answer.
 */
export function tallyBallots(
  candidates: readonly string[],
  ballots: readonly CountedBallot[],
  options: ConsensusVotingOptions,
): ConsensusTally {
  const type = options.ConsensusType;
  const weightOf = (ballot: CountedBallot, confidence: number) =>
    type === 'WeightedConsensus' ? ballot.weight * confidence : options.UseWeightedVotes ? ballot.weight : 1;
  const scores: Record<string, number> = Object.fromEntries(candidates.map((candidate) => [candidate, 0]));
  let whole = 0;
  const cast = ballots.filter((ballot) => ballot.ranking !== undefined && ballot.ranking.length > 0);
  for (const ballot of ballots) {
    const ranking = ballot.ranking;
    if (ranking === undefined || ranking.length === 0) {
      if (!options.AllowAbstention) whole += weightOf(ballot, 1);
      continue;
    }
    const weight = weightOf(ballot, ballot.confidence);
    whole += weight;
    if (type === 'BordaCount') {
      ranking.forEach((candidate, position) => {
        if (candidate in scores) scores[candidate] = (scores[candidate] ?? 0) + weight * (ballot.shown - 1 - position);
      });
    } else if (ranking[0] !== undefined && ranking[0] in scores) {
      scores[ranking[0]] = (scores[ranking[0]] ?? 0) + weight;
    }
  }
  const top = Math.max(...candidates.map((candidate) => scores[candidate] ?? 0));
  const leaders = candidates.filter((candidate) => scores[candidate] === top);
  const best = leaders[0] ?? (candidates[0] as string);
  const share = whole > 0 ? (top / whole) * 100 : 0;
  const result = (reached: boolean, reason: string): ConsensusTally => ({
    reached,
    ...(reached ? { winner: best } : {}),
    best,
    scores,
    share: type === 'BordaCount' ? 0 : round(share),
    reason,
  });

  const eligible = ballots.length;
  const turnout = eligible === 0 ? 0 : (cast.length / eligible) * 100;
  if (cast.length === 0) return result(false, 'no ballot was cast');
  if (turnout < options.QuorumPercent) {
    return result(
      false,
      `quorum not met: ${cast.length} of ${eligible} voted, QuorumPercent is ${options.QuorumPercent}`,
    );
  }
  if (leaders.length > 1) return result(false, `a tie at the top between ${leaders.length} answers`);
  if (type === 'BordaCount')
    return result(top > 0, top > 0 ? `the highest Borda score, ${top}` : 'no Borda points were given');
  const needed: Record<Exclude<typeof type, 'BordaCount'>, { ok: boolean; rule: string }> = {
    Majority: { ok: share > 50, rule: 'more than 50%' },
    SuperMajority: { ok: share >= options.ConsensusThreshold, rule: `at least ${options.ConsensusThreshold}%` },
    Unanimity: { ok: whole > 0 && top === whole, rule: 'every counted vote' },
    WeightedConsensus: { ok: share > 50, rule: 'more than 50% of the weight' },
  };
  const { ok, rule } = needed[type];
  return result(ok, `${round(share)}% of the first places ${ok ? 'meets' : 'falls short of'} ${type} (${rule})`);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
