import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/index.js';

describe('guardrails: in a YAML crew', () => {
  it('names guardrails on the crew and an agent', async () => {
    await using folder = await createTemporaryDirectory('orkeon-guardrails-yaml-');
    const path = join(folder.path, 'crew.yaml');
    await writeFile(
      path,
      `name: support
guardrails: [no-api-keys]
agents:
  helper: { role: Helper, goal: Answers customers, guardrails: [calm] }
tasks:
  answer: { description: Answer., expected_output: An answer, agent: helper }
`,
    );
    const crew = await loadCrew(path);
    expect(crew.guardrails).toEqual(['no-api-keys']);
    expect(crew.agents[0]?.guardrails).toEqual(['calm']);
  });

  it("refuses the original's prompt-rules form with a message that says what to write", async () => {
    await using folder = await createTemporaryDirectory('orkeon-guardrails-yaml-');
    const path = join(folder.path, 'crew.yaml');
    await writeFile(
      path,
      `name: support
agents:
  helper: { role: Helper, goal: Answers, guardrails: { preset: strict, rules: [Be kind] } }
tasks:
  answer: { description: Answer., expected_output: An answer, agent: helper }
`,
    );
    await expect(loadCrew(path)).rejects.toThrow(
      /agents\.helper\.guardrails: guardrails is a list of registered guardrail names/,
    );
  });
});
