import { describe, expect, it } from 'vitest';
import { camelCaseFields } from '../../src/v1/server/v1-params.js';

describe('camelCaseFields', () => {
  it('gives back a request already in JSON names as it is, without a copy', () => {
    const request = { message: { messageId: 'm', parts: [{ text: 'hi' }], metadata: { skill_id: 'x' } } };
    expect(camelCaseFields(request)).toBe(request);
  });

  it('renames proto field names at every depth and in arrays, leaving free JSON and the original alone', () => {
    const request = JSON.parse(
      '{"id":"t","history_length":2,"message":{"message_id":"m","parts":[{"text":"a"},{"data":{"a_b":1}}],"metadata":{"skill_id":"x"}}}',
    );
    const copy = JSON.stringify(request);
    expect(camelCaseFields(request)).toEqual({
      id: 't',
      historyLength: 2,
      message: { messageId: 'm', parts: [{ text: 'a' }, { data: { a_b: 1 } }], metadata: { skill_id: 'x' } },
    });
    expect(JSON.stringify(request)).toBe(copy);
  });

  it('never turns a __proto__ key into the prototype of a copy', () => {
    const request = JSON.parse('{"history_length":1,"__proto__":{"polluted":true}}');
    const renamed = camelCaseFields(request) as Record<string, unknown>;
    expect(renamed.historyLength).toBe(1);
    expect(Object.getPrototypeOf(renamed)).toBe(Object.prototype);
    expect(renamed.polluted).toBeUndefined();
  });
});
