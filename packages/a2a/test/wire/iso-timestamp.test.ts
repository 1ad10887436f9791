import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/wire/iso-timestamp.js';

describe('isoTimestamp', () => {
  it('formats like Date.prototype.toISOString for any instant', () => {
    const instant = fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), (milliseconds, later) => {
        // The same second twice, then another millisecond of it: the cached date part must still fit.
        expect(isoTimestamp(milliseconds)).toBe(new Date(milliseconds).toISOString());
        const sameSecond = Math.floor(milliseconds / 1000) * 1000 + later;
        if (Math.abs(sameSecond) <= 8_640_000_000_000_000) {
          expect(isoTimestamp(sameSecond)).toBe(new Date(sameSecond).toISOString());
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('pads milliseconds and follows the clock across seconds', () => {
    for (const milliseconds of [0, 7, 42, 999, 1000, 1_700_000_000_005, 1_700_000_000_999, 1_700_000_001_000]) {
      expect(isoTimestamp(milliseconds)).toBe(new Date(milliseconds).toISOString());
    }
    expect(isoTimestamp()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
