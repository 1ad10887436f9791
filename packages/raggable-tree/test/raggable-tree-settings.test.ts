import { Configuration, ConfigurationError, type SettingsJsonSchema, type SettingsTree } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { defaultExcludePatterns, raggableTreeSettings } from '../src/index.js';

const judged = (tree: SettingsTree) =>
  Configuration.fromObject({ RaggableTree: tree }, [raggableTreeSettings]).get(raggableTreeSettings);

describe('RaggableTree settings', () => {
  it('default to an index of /crew saved in /output/raggable-tree, words and vectors, no statements', () => {
    expect(judged({})).toEqual({
      Enabled: true,
      Root: '/crew',
      Exclude: [...defaultExcludePatterns],
      IncludeStatements: false,
      IndexDirectory: '/output/raggable-tree',
      MaxFileBytes: 1_048_576,
      Embedding: { Provider: 'Default' },
    });
  });

  it('stop the program at start on a bad value or an unknown key, naming it', () => {
    const problem = (tree: SettingsTree) => {
      try {
        judged(tree);
      } catch (error) {
        expect(ConfigurationError.isInstance(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('no problem found');
    };
    expect(problem({ Root: 'crew' })).toContain('RaggableTree:Root');
    expect(problem({ IndexDirectory: 'out' })).toContain('RaggableTree:IndexDirectory');
    expect(problem({ MaxFileBytes: 0 })).toContain('RaggableTree:MaxFileBytes');
    expect(problem({ Embedding: { Provider: 'OpenAI' } })).toContain('RaggableTree:Embedding:Provider');
    expect(problem({ Roots: '/crew' })).toContain('Roots');
  });

  it('describe every key, for the generated configuration reference', () => {
    const leaves = (schema: SettingsJsonSchema, path: string): [string, SettingsJsonSchema][] =>
      Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
        child.properties !== undefined ? leaves(child, `${path}:${key}`) : [[`${path}:${key}`, child]],
      );
    const keys = leaves(raggableTreeSettings.jsonSchema, 'RaggableTree');
    expect(keys.map(([key]) => key)).toEqual([
      'RaggableTree:Enabled',
      'RaggableTree:Root',
      'RaggableTree:Exclude',
      'RaggableTree:IncludeStatements',
      'RaggableTree:IndexDirectory',
      'RaggableTree:MaxFileBytes',
      'RaggableTree:Embedding:Provider',
    ]);
    for (const [key, schema] of keys) expect(schema.description, key).toMatch(/\w{4,}/);
  });
});
