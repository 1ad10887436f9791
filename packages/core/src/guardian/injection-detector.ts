import { injectionPatternWords } from './injection-pattern-words.js';
import {
  type InjectionClass,
  type InjectionPattern,
  type InjectionSeverity,
  injectionPatterns,
} from './injection-patterns.js';
import { PatternGate } from './pattern-gate.js';
import { textVariants } from './text-variants.js';

/** One pattern found in a text: what it is and where, never the text itself. */
export interface InjectionFinding {
  readonly pattern: string;
  readonly class: InjectionClass;
  readonly severity: InjectionSeverity;
  /** How the text hid it (`base64`, `look-alike letters`, …); absent when found as written. */
  readonly disguise?: string;
  /** Found only inside quotation marks (then one step less severe). */
  readonly quoted?: true;
}

/** Where a text comes from: a prompt (the run's input, a task, a caller's message) or a tool's result. */
export type ScreenedSource = 'prompt' | 'toolResult';

/**
 * Short quoted phrases: an attack phrase quoted in a text about attacks is talked about, not
 * aimed. A long quotation, or a quoted value after `:` or `=` (JSON, settings), is not discounted.
 */
const quoted =
  /(?<![:=]\s*)"[^"\n]{3,80}"|“[^”\n]{3,80}”|‘[^’\n]{3,80}’|«[^»\n]{3,80}»|„[^“”\n]{3,80}[“”]|(?<![\w:=]\s*)'[^'\n]{6,80}'(?!\w)/g;

const lower: Readonly<Record<InjectionSeverity, InjectionSeverity>> = {
  Low: 'Low',
  Medium: 'Low',
  High: 'Medium',
  Critical: 'High',
};

/** What screening a text found: the findings and the severity they add up to. */
export interface InjectionScan {
  readonly findings: readonly InjectionFinding[];
  /** The highest severity, raised to High when two classes each give Medium or more; undefined when clean. */
  readonly severity: InjectionSeverity | undefined;
}

/** Built on the first screen, not when the module loads. */
let gate: PatternGate | undefined;

const rank: Readonly<Record<InjectionSeverity, number>> = { Low: 1, Medium: 2, High: 3, Critical: 4 };

export function severityAtLeast(severity: InjectionSeverity | undefined, floor: InjectionSeverity): boolean {
  return severity !== undefined && rank[severity] >= rank[floor];
}

/**
 * Screens text for prompt injection: every pattern against every reading of the text
 * (`textVariants`), one finding per pattern. Pattern screening can be evaded; it is one
 * layer among several (the permission gate, the VFS rights, the tool-result envelope).
 */
export function scanForInjection(text: string, source: ScreenedSource = 'prompt'): InjectionScan {
  if (text.length === 0) return { findings: [], severity: undefined };
  gate ??= new PatternGate(
    injectionPatterns.map((pattern) => pattern.id),
    injectionPatternWords,
  );
  const findings: InjectionFinding[] = [];
  const found = new Set<string>();
  for (const variant of textVariants(text)) {
    let unquoted: string | undefined;
    for (const index of gate.candidates(variant.text)) {
      const pattern = injectionPatterns[index] as InjectionPattern;
      if (found.has(pattern.id) || !pattern.pattern.test(variant.text)) continue;
      found.add(pattern.id);
      const severity = source === 'toolResult' ? pattern.toolResultSeverity : pattern.severity;
      // Found only inside quotation marks: one step less severe.
      unquoted ??= variant.text.replace(quoted, ' ');
      const inQuotes = unquoted !== variant.text && !pattern.pattern.test(unquoted);
      findings.push({
        pattern: pattern.id,
        class: pattern.class,
        severity: inQuotes ? lower[severity] : severity,
        ...(variant.disguise === undefined ? {} : { disguise: variant.disguise }),
        ...(inQuotes ? { quoted: true } : {}),
      });
    }
  }
  return { findings, severity: combinedSeverity(findings) };
}

function combinedSeverity(findings: readonly InjectionFinding[]): InjectionSeverity | undefined {
  let highest: InjectionSeverity | undefined;
  const mediumClasses = new Set<InjectionClass>();
  for (const finding of findings) {
    if (highest === undefined || rank[finding.severity] > rank[highest]) highest = finding.severity;
    if (rank[finding.severity] >= rank.Medium) mediumClasses.add(finding.class);
  }
  // Two warning signs of different kinds together are an attack more often than not.
  if (mediumClasses.size >= 2 && highest !== undefined && rank[highest] < rank.High) return 'High';
  return highest;
}
