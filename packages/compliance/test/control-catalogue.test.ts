import { describe, expect, it } from 'vitest';
import { type ControlStatus, complianceScore, controlFamilies, nistControlCatalogue } from '../src/index.js';

describe('the NIST control catalogue', () => {
  it('holds 25 distinct SP 800-53 controls covering AC, AU, CM, IR, RA, SI, SC and PM, each in its family', () => {
    expect(nistControlCatalogue).toHaveLength(25);
    expect(new Set(nistControlCatalogue.map((control) => control.id)).size).toBe(25);
    expect(new Set(nistControlCatalogue.map((control) => control.family))).toEqual(new Set(controlFamilies));
    for (const control of nistControlCatalogue) {
      expect(control.id).toMatch(/^(AC|AU|CM|IR|RA|SI|SC|PM)-\d{1,2}$/);
      expect(control.id.startsWith(`${control.family}-`)).toBe(true);
      expect(control.title.length).toBeGreaterThan(5);
      expect(control.description.length).toBeGreaterThan(60);
    }
    expect(nistControlCatalogue.map((control) => control.id)).toEqual(
      expect.arrayContaining([
        'AC-3',
        'AC-6',
        'AU-2',
        'AU-3',
        'AU-9',
        'AU-12',
        'CM-7',
        'IR-4',
        'RA-5',
        'SI-4',
        'SI-10',
        'SC-8',
        'SC-13',
        'SC-28',
      ]),
    );
  });
});

describe('complianceScore', () => {
  const judged = (family: (typeof controlFamilies)[number], status: ControlStatus) => ({ family, status });

  it('counts 1, 0.5 and 0, leaves out what does not apply, and rounds to one decimal', () => {
    const score = complianceScore([
      judged('AC', 'Implemented'),
      judged('AC', 'PartiallyImplemented'),
      judged('AC', 'NotImplemented'),
      judged('AU', 'Implemented'),
      judged('AU', 'NotApplicable'),
      judged('SC', 'NotApplicable'),
    ]);
    expect(score).toEqual({
      overallScore: 62.5,
      total: 6,
      implemented: 2,
      partiallyImplemented: 1,
      notImplemented: 1,
      notApplicable: 2,
      scoresByFamily: { AC: 50, AU: 100, CM: null, IR: null, RA: null, SI: null, SC: null, PM: null },
    });
    expect(
      complianceScore([judged('PM', 'PartiallyImplemented'), judged('PM', 'Implemented'), judged('PM', 'Implemented')])
        .overallScore,
    ).toBe(83.3);
  });

  it('is null when no control applies', () => {
    expect(complianceScore([judged('AC', 'NotApplicable')]).overallScore).toBeNull();
    expect(complianceScore([]).overallScore).toBeNull();
  });
});
