import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentExecutionBudgetPresets } from '../../src/autonomous/agent-execution-budget-limits.js';
import { executionBudgetLimits } from '../../src/autonomous/execution-budget-setting.js';
import { crewBuilder } from '../../src/crew/crew-builder.js';
import type { CrewInput } from '../../src/crew/crew-definition.js';
import { CrewValidationError } from '../../src/crew/crew-validation-error.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { loadCrew } from '../../src/crew/load-crew.js';
import { loadError, writeFiles, yaml } from '../crew/crew-files.js';

const base: CrewInput = {
  name: 'studio',
  process: 'autonomous',
  agents: [{ id: 'coder', role: 'Coder', goal: 'Write code' }],
  tasks: [{ id: 'build', description: 'Build it.', expectedOutput: 'Code' }],
};

function problemsOf(input: unknown): string[] {
  try {
    defineCrew(input as CrewInput);
  } catch (error) {
    if (CrewValidationError.isInstance(error))
      return error.problems.map((problem) => `${problem.path.join('.')}: ${problem.message}`);
    throw error;
  }
  throw new Error('expected the crew to be refused');
}

describe('executionBudget in defineCrew and crewBuilder', () => {
  it('takes a preset name or limits over a preset; a definition validates again unchanged', () => {
    expect(defineCrew({ ...base, executionBudget: 'strict' }).executionBudget).toBe('strict');
    const crew = defineCrew({ ...base, executionBudget: { preset: 'strict', spawnedAgents: 0, wallTime: '90s' } });
    expect(crew.executionBudget).toEqual({ preset: 'strict', spawnedAgents: 0, wallTime: 90 });
    expect(defineCrew(crew).executionBudget).toEqual(crew.executionBudget);
    expect(executionBudgetLimits(crew.executionBudget ?? 'permissive')).toEqual({
      ...agentExecutionBudgetPresets.strict,
      maxSpawnedAgents: 0,
      maxWallTimeMs: 90_000,
    });
    expect(defineCrew(base).executionBudget).toBeUndefined();
  });

  it('crewBuilder().executionBudget() sets it', () => {
    const crew = crewBuilder()
      .name('studio')
      .process('autonomous')
      .withAgent({ id: 'coder', role: 'Coder', goal: 'Write code' })
      .withTask({ id: 'build', description: 'Build it.', expectedOutput: 'Code' })
      .executionBudget({ toolCalls: 3 })
      .build();
    expect(crew.executionBudget).toEqual({ toolCalls: 3 });
    expect(executionBudgetLimits({ toolCalls: 3 })).toEqual({
      ...agentExecutionBudgetPresets.permissive,
      maxToolCalls: 3,
    });
  });

  it('an unknown preset is refused, listing the three', () => {
    expect(problemsOf({ ...base, executionBudget: 'lenient' })).toEqual([
      'executionBudget: unknown execution budget preset "lenient"; use one of strict, default, permissive.',
    ]);
    expect(problemsOf({ ...base, executionBudget: { preset: 'lax' } })).toEqual([
      'executionBudget.preset: unknown execution budget preset "lax"; use one of strict, default, permissive.',
    ]);
  });

  it('bad limits, unknown keys and wrong types are refused with what is allowed', () => {
    expect(problemsOf({ ...base, executionBudget: { toolCalls: 0 } })).toEqual([
      'executionBudget.toolCalls: must be at least 1, got 0.',
    ]);
    expect(problemsOf({ ...base, executionBudget: { spawnedAgents: 1.5 } })).toEqual([
      'executionBudget.spawnedAgents: expected a whole number, got 1.5.',
    ]);
    expect(problemsOf({ ...base, executionBudget: { wallTime: 'soon' } })).toEqual([
      "executionBudget.wallTime: wallTime 'soon' is not a duration; write seconds (120) or text such as 90s, 2m or 1h.",
    ]);
    expect(problemsOf({ ...base, executionBudget: { toolcalls: 3 } })[0]).toMatch(
      /unknown key 'toolcalls'; did you mean 'toolCalls'\?/,
    );
    expect(problemsOf({ ...base, executionBudget: 5 })).toEqual([
      'executionBudget: expected a preset name (strict, default, permissive) or a map of limits (toolCalls, delegationDepth, wallTime, tokens, spawnedAgents).',
    ]);
  });

  it('is refused on a crew whose process is not autonomous', () => {
    expect(problemsOf({ ...base, process: 'sequential', executionBudget: 'strict' })).toEqual([
      "executionBudget: an execution budget bounds only the autonomous process, and this crew's process is sequential; set process: autonomous, or use budget: for limits every process honours.",
    ]);
  });

  it('property: each limit given replaces the preset’s, the others stay the preset’s', () => {
    const preset = fc.constantFrom('strict' as const, 'default' as const, 'permissive' as const);
    const limit = (min: number) => fc.option(fc.integer({ min, max: 1_000_000 }), { nil: undefined });
    fc.assert(
      fc.property(
        preset,
        limit(1),
        limit(0),
        limit(1),
        limit(1),
        limit(0),
        (name, toolCalls, depth, wall, tokens, spawned) => {
          const input = Object.fromEntries(
            Object.entries({
              preset: name,
              toolCalls,
              delegationDepth: depth,
              wallTime: wall,
              tokens,
              spawnedAgents: spawned,
            }).filter(([, value]) => value !== undefined),
          );
          const crew = defineCrew({ ...base, executionBudget: input });
          const limits = executionBudgetLimits(crew.executionBudget ?? 'permissive');
          const presetLimits = agentExecutionBudgetPresets[name];
          expect(limits).toEqual({
            maxToolCalls: toolCalls ?? presetLimits.maxToolCalls,
            maxDelegationDepth: depth ?? presetLimits.maxDelegationDepth,
            maxWallTimeMs: wall === undefined ? presetLimits.maxWallTimeMs : wall * 1000,
            maxTokensConsumed: tokens ?? presetLimits.maxTokensConsumed,
            maxSpawnedAgents: spawned ?? presetLimits.maxSpawnedAgents,
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('executionBudget in YAML', () => {
  let folder: TemporaryDirectory;
  let file: string;
  beforeEach(async () => {
    folder = await createTemporaryDirectory('orkeon-crew-');
    file = join(folder.path, 'crew.yaml');
  });
  afterEach(async () => {
    await folder.remove();
  });

  const crewYaml = (...budget: string[]) =>
    yaml(
      'name: studio',
      'process: autonomous',
      ...budget,
      'agents:',
      '  coder: { role: Coder, goal: Write code }',
      'tasks:',
      '  build: { description: Build it., expected_output: Code }',
    );

  it('a preset in any case, or limits in either key style', async () => {
    await writeFiles(folder.path, { 'crew.yaml': crewYaml('executionBudget: Strict') });
    expect((await loadCrew(file)).executionBudget).toBe('strict');
    await writeFiles(folder.path, {
      'crew.yaml': crewYaml('execution_budget:', '  preset: Default', '  spawned_agents: 0', '  wall_time: 2m'),
    });
    expect((await loadCrew(file)).executionBudget).toEqual({ preset: 'default', spawnedAgents: 0, wallTime: 120 });
  });

  it('a bad value names the file, line and key', async () => {
    await writeFiles(folder.path, { 'crew.yaml': crewYaml('executionBudget: lenient') });
    const error = await loadError(file);
    expect(error.message).toBe(
      `${file}:3:1: executionBudget: unknown execution budget preset "lenient"; use one of strict, default, permissive.`,
    );
    await writeFiles(folder.path, {
      'crew.yaml': crewYaml('executionBudget: strict').replace('process: autonomous', 'process: parallel'),
    });
    expect((await loadError(file)).message).toContain(
      "executionBudget: an execution budget bounds only the autonomous process, and this crew's process is parallel",
    );
  });
});
