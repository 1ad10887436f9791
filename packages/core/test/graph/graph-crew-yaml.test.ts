import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/crew/load-crew.js';
import { loadError, writeFiles, yaml } from '../crew/crew-files.js';

let folder: TemporaryDirectory;
let file: string;
beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-crew-');
  file = join(folder.path, 'crew.yaml');
});
afterEach(async () => {
  await folder.remove();
});

const crew = (...extra: string[]) =>
  yaml(
    'name: flow',
    'process: graph',
    'agents:',
    '  worker: { role: Worker, goal: Work }',
    'tasks:',
    '  step:',
    '    description: Do the step.',
    '    expected_output: Done',
    ...extra,
  );

describe('graph and consensus keys in YAML', () => {
  it('graphConfig and consensus load in either spelling, defaults filled in', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': crew(
        'graph_config: { max_retry_cycles: 1, circuit_breaker_preset: permissive, max_total_duration_seconds: 90 }',
        'consensus: { consensusType: BordaCount, max_voting_rounds: 2, role_weights: { Worker: 2 } }',
      ),
    });
    const loaded = await loadCrew(file);
    expect(loaded.graphConfig).toEqual({
      maxRetryCycles: 1,
      circuitBreakerPreset: 'permissive',
      maxTotalDurationSeconds: 90,
    });
    expect(loaded.consensus).toEqual({ consensusType: 'BordaCount', maxVotingRounds: 2, roleWeights: { Worker: 2 } });
  });

  it('a bad preset or voting strategy names the allowed values', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': crew('graphConfig: { circuitBreakerPreset: loose }', 'consensus: { consensusType: Plurality }'),
    });
    const error = await loadError(file);
    expect(error.message).toContain(
      'graphConfig.circuitBreakerPreset: "loose" is not a circuit breaker preset; use strict, default, permissive.',
    );
    expect(error.message).toContain(
      "consensus.consensusType: 'Plurality' is not allowed; use one of Majority, SuperMajority, Unanimity, WeightedConsensus, BordaCount.",
    );
  });

  it('the old circuitBreaker block is refused at the root and on a task, pointing to graphConfig', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': crew('    circuit_breaker: { maxTransitions: 5 }', 'circuitBreaker:', '  maxTransitions: 5'),
    });
    const error = await loadError(file);
    const message =
      'circuitBreaker: is no longer read; set the breaker in the crew’s graphConfig: (circuitBreakerPreset, maxTransitions, maxStateVisits, maxTotalDurationSeconds).';
    expect(error.message).toContain(`${file}:9:5: tasks.step.circuit_breaker: ${message}`);
    expect(error.message).toContain(`${file}:10:1: circuitBreaker: ${message}`);
  });
});
