import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const consensusTypes = ['Majority', 'SuperMajority', 'Unanimity', 'WeightedConsensus', 'BordaCount'] as const;
export type ConsensusType = (typeof consensusTypes)[number];

export const consensusFallbackStrategies = ['AcceptBestScore', 'ManagerDecision', 'Fail'] as const;
export type ConsensusFallbackStrategy = (typeof consensusFallbackStrategies)[number];

const percent = z.number().min(0).max(100);

/** How the consensual process votes; a crew's `consensus:` block overrides any of these for that crew. */
export const consensusVotingSettings = defineSettingsSection(
  'Svc:Consensus:Voting',
  z.object({
    ConsensusType: z
      .enum(consensusTypes)
      .default('Majority')
      .describe(
        'Majority (first-place share above 50%), SuperMajority (at least ConsensusThreshold), Unanimity (every counted vote), WeightedConsensus (role weight × confidence above 50%) or BordaCount (highest full-ranking score).',
      ),
    ConsensusThreshold: percent.default(66.7).describe('The share SuperMajority needs, as a percentage 0–100.'),
    QuorumPercent: percent
      .default(50)
      .describe('Least share of the eligible voters that must cast a ballot (not abstain) for a round to count.'),
    AllowAbstention: z
      .boolean()
      .default(true)
      .describe('true: shares are of the ballots cast. false: an abstention counts against every answer.'),
    UseWeightedVotes: z
      .boolean()
      .default(false)
      .describe('Weigh each ballot by its voter’s RoleWeights entry (WeightedConsensus always does).'),
    MaxVotingRounds: z.int().min(1).max(10).default(3).describe('Rounds of voting before the fallback decides.'),
    EnableDiscussion: z
      .boolean()
      .default(true)
      .describe('Show the voters the previous round’s anonymised justifications before they vote again.'),
    RoleWeights: z
      .record(z.string(), z.number().min(0))
      .default({})
      .describe('Weight of a voter by agent role or id (case ignored); 1 when not listed.'),
    FallbackStrategy: z
      .enum(consensusFallbackStrategies)
      .default('AcceptBestScore')
      .describe(
        'Without consensus after the last round: AcceptBestScore (the best-scored answer, nothing re-run), ManagerDecision (the crew’s manager picks; needs manager:) or Fail (the task fails).',
      ),
  }),
  { description: 'Voting of the consensual process: every agent answers, then ranks the others’ answers.' },
);

export type ConsensusVotingOptions = z.output<(typeof consensusVotingSettings)['schema']>;

/** A crew's `consensus:` block: the same options in camelCase, each optional. */
export const consensusOverridesSchema = z
  .strictObject({
    consensusType: z.enum(consensusTypes).optional().describe('Overrides Svc:Consensus:Voting:ConsensusType.'),
    consensusThreshold: percent.optional().describe('Overrides ConsensusThreshold (0–100).'),
    quorumPercent: percent.optional().describe('Overrides QuorumPercent (0–100).'),
    allowAbstention: z.boolean().optional().describe('Overrides AllowAbstention.'),
    useWeightedVotes: z.boolean().optional().describe('Overrides UseWeightedVotes.'),
    maxVotingRounds: z.int().min(1).max(10).optional().describe('Overrides MaxVotingRounds (1–10).'),
    enableDiscussion: z.boolean().optional().describe('Overrides EnableDiscussion.'),
    roleWeights: z
      .record(z.string(), z.number().min(0))
      .optional()
      .describe('Overrides RoleWeights, role or id → weight.'),
    fallbackStrategy: z.enum(consensusFallbackStrategies).optional().describe('Overrides FallbackStrategy.'),
  })
  .describe('Voting options of the consensual process for this crew, over the Svc:Consensus:Voting settings.');

export type ConsensusOverrides = z.output<typeof consensusOverridesSchema>;

/** The settings' values with the crew's overrides on top (each key on its own). */
export function consensusOptionsFor(
  settings: ConsensusVotingOptions | undefined,
  overrides: ConsensusOverrides | undefined,
): ConsensusVotingOptions {
  const base = settings ?? consensusVotingSettings.schema.parse({});
  if (overrides === undefined) return base;
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    ConsensusType: pick(overrides.consensusType, base.ConsensusType),
    ConsensusThreshold: pick(overrides.consensusThreshold, base.ConsensusThreshold),
    QuorumPercent: pick(overrides.quorumPercent, base.QuorumPercent),
    AllowAbstention: pick(overrides.allowAbstention, base.AllowAbstention),
    UseWeightedVotes: pick(overrides.useWeightedVotes, base.UseWeightedVotes),
    MaxVotingRounds: pick(overrides.maxVotingRounds, base.MaxVotingRounds),
    EnableDiscussion: pick(overrides.enableDiscussion, base.EnableDiscussion),
    RoleWeights: pick(overrides.roleWeights, base.RoleWeights),
    FallbackStrategy: pick(overrides.fallbackStrategy, base.FallbackStrategy),
  };
}
