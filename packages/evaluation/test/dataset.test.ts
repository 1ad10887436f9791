import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  BenchmarkDatasetInvalidError,
  defineBenchmarkDataset,
  parseBenchmarkDataset,
  readBenchmarkDataset,
} from '../src/index.js';

const problems = (text: string) => {
  try {
    parseBenchmarkDataset(text, 'cases.jsonl');
  } catch (error) {
    expect(BenchmarkDatasetInvalidError.isInstance(error)).toBe(true);
    return (error as Error).message.split('\n');
  }
  throw new Error('the dataset was accepted');
};

describe('parseBenchmarkDataset', () => {
  it('reads one case per line, skipping blank lines, inputs as text', () => {
    const dataset = parseBenchmarkDataset(
      [
        '\uFEFF{"id": "a", "inputs": {"n": 3, "ok": true, "topic": "owls"}, "expected": "x"}',
        '',
        '{"id": "b", "format": {"pattern": "^x", "flags": "i"}, "schema": {"type": "object"}, "expectedTools": []}\r',
      ].join('\n'),
      'cases.jsonl',
    );
    expect(dataset.source).toBe('cases.jsonl');
    expect(dataset.cases).toEqual([
      { id: 'a', inputs: { n: '3', ok: 'true', topic: 'owls' }, expected: 'x', line: 1 },
      {
        id: 'b',
        inputs: {},
        format: { pattern: '^x', flags: 'i' },
        schema: { type: 'object' },
        expectedTools: [],
        line: 3,
      },
    ]);
    expect(Object.keys(dataset.cases[0] ?? {})).toEqual(['id', 'expected', 'inputs', 'line']);
  });

  it('names the file, the line, the field and the fix for each bad line', () => {
    const lines = problems(
      [
        '{"id": "a"',
        '[1, 2]',
        '{"inputs": {"x": "1"}}',
        '{"id": "b", "expect": "Paris"}',
        '{"id": "c", "expectedTools": "file_read"}',
        '{"id": "d", "format": "yaml"}',
        '{"id": "e", "format": {"pattern": "("}}',
        '{"id": "f", "schema": {"type": "objekt"}}',
        '{"id": "g", "inputs": {"bad key": "1"}}',
      ].join('\n'),
    );
    expect(lines[0]).toMatch(
      /^cases\.jsonl:1: not JSON \(.*\); write one case per line as a JSON object, e\.g\. \{"id"/,
    );
    expect(lines[1]).toBe(
      'cases.jsonl:2: a case must be a JSON object, not an array; e.g. {"id": "capital-of-france", "inputs": {"country": "France"}, "expected": "Paris"}.',
    );
    expect(lines[2]).toMatch(/^cases\.jsonl:3: field 'id': .*; give every case a unique, non-empty "id"/);
    expect(lines[3]).toBe(
      "cases.jsonl:4: unknown field 'expect' (did you mean 'expected'?); a case has the fields id, description, inputs, expected, format, schema, expectedTools, rubric.",
    );
    expect(lines[4]).toMatch(
      /^cases\.jsonl:5: field 'expectedTools': .*; write "expectedTools" as an array of tool names/,
    );
    expect(lines[5]).toMatch(
      /^cases\.jsonl:6: field 'format': .*; write "format" as "json", "markdown" or \{"pattern"/,
    );
    expect(lines[6]).toMatch(/^cases\.jsonl:7: field 'format\.pattern': Invalid regular expression/);
    expect(lines[7]).toMatch(
      /^cases\.jsonl:8: field 'schema': not a valid JSON Schema \(.*\); write "schema" as a JSON Schema/,
    );
    expect(lines[8]).toMatch(
      /^cases\.jsonl:9: field 'inputs\.bad key': .*; write "inputs" as an object of placeholder names/,
    );
    expect(lines).toHaveLength(9);
  });

  it('refuses duplicate ids, naming both lines', () => {
    expect(problems('{"id": "a"}\n{"id": "b"}\n{"id": "a"}')).toEqual([
      "cases.jsonl:3: field 'id': 'a' is already the id of cases.jsonl:1; give each case its own id.",
    ]);
  });

  it('refuses an empty dataset', () => {
    expect(problems('\n  \n')).toEqual([
      'The dataset cases.jsonl has no case: write one JSON object per line, e.g. {"id": "capital-of-france", "inputs": {"country": "France"}, "expected": "Paris"}.',
    ]);
  });

  it('lists at most 20 problems', () => {
    const lines = problems(Array.from({ length: 25 }, () => 'x').join('\n'));
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('… and 5 more.');
  });
});

describe('readBenchmarkDataset and defineBenchmarkDataset', () => {
  it('reads a file, and names a missing one', async () => {
    const folder = await createTemporaryDirectory();
    try {
      const file = join(folder.path, 'cases.jsonl');
      await writeFile(file, '{"id": "a"}\n');
      expect((await readBenchmarkDataset(file)).cases).toEqual([{ id: 'a', inputs: {}, line: 1 }]);
      await expect(readBenchmarkDataset(join(folder.path, 'none.jsonl'))).rejects.toThrow(
        /The dataset .*none\.jsonl does not exist: give a JSONL file/,
      );
    } finally {
      await folder.remove();
    }
  });

  it('validates cases written in code like a file’s', () => {
    expect(defineBenchmarkDataset([{ id: 'a', inputs: { n: 1 } }]).cases).toEqual([{ id: 'a', inputs: { n: '1' } }]);
    expect(() => defineBenchmarkDataset([{ id: 'a' }, { id: ' ' }])).toThrow(
      /^code case 2: field 'id': must not be empty/,
    );
  });
});
