import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  defineCrew,
  OutputPiiUncheckedError,
  type OutputValidation,
  outputViolations,
  type PiiDetector,
  type PiiType,
  type TaskDefinition,
  type TaskInput,
} from '../../src/index.js';

const task = (fields: Partial<TaskDefinition>): TaskDefinition => ({
  id: 't',
  description: 'd',
  expectedOutput: 'e',
  dependencies: [],
  context: {},
  tools: [],
  ...fields,
});

describe('outputViolations', () => {
  it('passes an answer that keeps every rule, and a task without rules', () => {
    const rules: OutputValidation = {
      minLength: 10,
      maxLength: 200,
      requiredSections: ['Added', 'Known issues'],
      forbiddenPatterns: ['\\bTODO\\b'],
    };
    expect(outputViolations('## Added\n- search\n\n**Known issues**: none', task({ outputValidation: rules }))).toEqual(
      [],
    );
    expect(outputViolations('anything', task({}))).toEqual([]);
  });

  it('names each broken rule: length, sections, forbidden patterns', () => {
    const violations = outputViolations(
      'TODO: write it',
      task({ outputValidation: { minLength: 50, requiredSections: ['Summary'], forbiddenPatterns: ['todo'] } }),
    );
    expect(violations).toEqual([
      'length: the answer has 14 characters; it needs at least 50.',
      `sections: the section 'Summary' is missing (a heading "## Summary" or a line "Summary:").`,
      'forbidden: the answer matches the forbidden pattern /todo/.',
    ]);
    expect(outputViolations('x'.repeat(11), task({ outputValidation: { maxLength: 10 } }))).toEqual([
      'length: the answer has 11 characters; it may have at most 10.',
    ]);
  });

  it('reads a JSON answer (fenced or not) against the deliverable format and both schemas', () => {
    const schema = { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } };
    expect(outputViolations('```json\n{"count": 3}\n```', task({ outputValidation: { jsonSchema: schema } }))).toEqual(
      [],
    );
    expect(outputViolations('{"count": "3"}', task({ outputSchema: schema }))).toEqual([
      expect.stringMatching(/^schema: at count: /),
    ]);
    expect(outputViolations('three', task({ deliverable: { path: '/o/c.json', format: 'json' } }))).toEqual([
      expect.stringMatching(/^format: the answer must be JSON, and it does not parse/),
    ]);
    expect(outputViolations('not json', task({ deliverable: { path: '/o/c.md', format: 'markdown' } }))).toEqual([]);
  });

  it('is part of a task written in code, checked when the crew is defined', () => {
    expectTypeOf<TaskInput['outputValidation']>().toEqualTypeOf<OutputValidation | undefined>();
    const crew = (outputValidation: OutputValidation) =>
      defineCrew({
        name: 'c',
        agents: [{ id: 'a', role: 'A', goal: 'g' }],
        tasks: [{ id: 't', description: 'd', expectedOutput: 'e', agent: 'a', outputValidation }],
      });
    expect(crew({ maxLength: 10, maxRepairAttempts: 0 }).tasks[0]?.outputValidation).toEqual({
      maxLength: 10,
      maxRepairAttempts: 0,
    });
    expect(() => crew({ minLength: 20, maxLength: 10 })).toThrow(/minLength is larger than maxLength/);
    expect(() => crew({ forbiddenPatterns: ['[a-'] })).toThrow(/is not a valid regular expression/);
    expect(() => crew({ forbiddenPii: ['Email', 'Address' as PiiType] })).toThrow(/is not a kind of personal data/);
  });

  it('forbiddenPii counts what the detector finds of the forbidden kinds, and needs a detector', () => {
    // A detector of the port's shape: every word with an @ is an e-mail address, every run of 9 digits an SSN.
    const detector: PiiDetector = {
      scan: (text) =>
        [...text.matchAll(/\S+@\S+|\d{9}/g)].map((match) => ({
          type: match[0].includes('@') ? 'Email' : 'Ssn',
          start: match.index,
          end: match.index + match[0].length,
          value: match[0],
        })),
      mask: (text) => text,
    };
    const answer = 'Write to a@b.c or c@d.e; SSN 123456789.';
    expect(outputViolations(answer, task({ outputValidation: { forbiddenPii: true } }), detector)).toEqual([
      'personal data: the answer holds 2 e-mail addresses, 1 social security number; leave it out, or write it masked (e.g. j***@***.com).',
    ]);
    expect(outputViolations(answer, task({ outputValidation: { forbiddenPii: ['Iban'] } }), detector)).toEqual([]);
    expect(() => outputViolations(answer, task({ outputValidation: { forbiddenPii: true } }))).toThrow(
      OutputPiiUncheckedError,
    );
  });
});
