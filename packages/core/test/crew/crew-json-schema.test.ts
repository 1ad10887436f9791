import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { crewJsonSchema } from '../../src/crew/crew-json-schema.js';

const committed = new URL('../../schema/crew.schema.json', import.meta.url);

describe('crew JSON Schema for editors', () => {
  it('the committed file is the generated one (regenerate: node --conditions=@orkeon/source --import tsx scripts/generate-crew-schema.ts)', async () => {
    expect(JSON.parse(await readFile(committed, 'utf8'))).toEqual(crewJsonSchema());
  });

  it('lists every spelling of a key and accepts a required key under any of them', () => {
    const schema = crewJsonSchema() as {
      properties: Record<string, { additionalProperties: Record<string, unknown> }>;
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'manager',
        'managerAgent',
        'manager_agent',
        'agentSelection',
        'agent_selection',
        'anchors',
      ]),
    );
    const agent = schema.properties.agents?.additionalProperties as { properties: Record<string, unknown> };
    expect(Object.keys(agent.properties)).toEqual(
      expect.arrayContaining(['maxIterations', 'max_iterations', 'maxIter', 'max_iter', 'allow_delegation']),
    );
    const task = schema.properties.tasks?.additionalProperties as { required: string[]; allOf: unknown[] };
    expect(task.required).toEqual(['description']);
    expect(task.allOf).toEqual([{ anyOf: [{ required: ['expectedOutput'] }, { required: ['expected_output'] }] }]);
  });
});
