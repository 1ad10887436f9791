import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/config/settings-tree.js';
import { settingsFromEnvironment } from '../../src/index.js';

const segment = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/);
const randomCase = (text: string, flips: boolean[]) =>
  [...text]
    .map((char, index) => (flips[index % Math.max(1, flips.length)] ? char.toUpperCase() : char.toLowerCase()))
    .join('');

describe('SVC_ environment mapping (property)', () => {
  it('puts any value at the path named by the variable, whatever the separators and case', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.array(fc.constantFrom('__', ':'), { minLength: 5, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.string(),
        (segments, separators, flips, value) => {
          let name = randomCase('SVC_', flips);
          segments.forEach((part, index) => {
            name += (index === 0 ? '' : separators[index]) + randomCase(part, flips);
          });
          const layer = settingsFromEnvironment({ [name]: value, UNRELATED: 'x' });
          expect(getPath(layer.tree, segments)).toBe(value);
          expect(Object.keys(layer.tree)).toHaveLength(1);
        },
      ),
    );
  });
});
