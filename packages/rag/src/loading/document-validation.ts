import { type InjectionFinding, type InjectionSeverity, scanForInjection } from '@orkeon/core';
import type { RagDocument } from './rag-document.js';

/** What the validators decided: indexed as is, indexed but flagged, or kept out of the index. */
export const documentVerdicts = ['Clean', 'Suspicious', 'Rejected'] as const;
export type DocumentVerdictKind = (typeof documentVerdicts)[number];

export interface DocumentVerdict {
  readonly verdict: DocumentVerdictKind;
  /** Why, one sentence each; for a Clean document, any low-severity findings (notes, not problems). */
  readonly reasons: readonly string[];
}

/** From which injection severity a document is quarantined; `Off` skips the injection check (integrity stays). */
export const quarantineLevels = ['High', 'Critical', 'Off'] as const;
export type QuarantineLevel = (typeof quarantineLevels)[number];

export interface DocumentValidationOptions {
  /** Longer documents are rejected. Default 5,000,000. */
  readonly maxCharacters?: number;
  /** Default `High`: High and Critical findings are rejected, Medium ones flagged. */
  readonly quarantineAt?: QuarantineLevel;
}

export const defaultMaxDocumentCharacters = 5_000_000;

/**
 * Control characters tolerated before a text counts as binary: a stray escape or NUL
 * happens in real logs, many of them mean the bytes were never text.
 */
export const maxControlCharacters = 8;

const severityVerdict: Readonly<Record<InjectionSeverity, DocumentVerdictKind>> = {
  Low: 'Clean',
  Medium: 'Suspicious',
  High: 'Rejected',
  Critical: 'Rejected',
};

const rank: Readonly<Record<InjectionSeverity, number>> = { Low: 1, Medium: 2, High: 3, Critical: 4 };

/**
 * Checks a loaded document before it is chunked. Integrity first (empty, too long,
 * binary: Rejected, and the scan is skipped since nothing of it will be indexed); then
 * prompt injection, screened as a tool result, since retrieved passages reach the model
 * the way a tool's answer does: High or Critical is Rejected, Medium Suspicious, Low Clean.
 * The title is screened with the text: it reaches the model in citations.
 */
export function validateDocument(document: RagDocument, options: DocumentValidationOptions = {}): DocumentVerdict {
  const integrity = integrityProblems(document.text, options.maxCharacters ?? defaultMaxDocumentCharacters);
  if (integrity.length > 0) return { verdict: 'Rejected', reasons: integrity };
  const quarantineAt = options.quarantineAt ?? 'High';
  if (quarantineAt === 'Off') return { verdict: 'Clean', reasons: [] };
  const screened = document.title === undefined ? document.text : `${document.title}\n${document.text}`;
  const scan = scanForInjection(screened, 'toolResult');
  if (scan.severity === undefined) return { verdict: 'Clean', reasons: [] };
  const reasons = scan.findings.map(findingReason);
  const highest = Math.max(...scan.findings.map((finding) => rank[finding.severity]));
  // The detector raises the severity when warning signs of different kinds come together.
  if (rank[scan.severity] > highest) reasons.push(`Warning signs of several kinds together count as ${scan.severity}.`);
  // With `Critical`, a High finding is flagged rather than quarantined (documents that discuss attacks).
  const verdict =
    quarantineAt === 'Critical' && scan.severity === 'High' ? 'Suspicious' : severityVerdict[scan.severity];
  return { verdict, reasons };
}

function integrityProblems(text: string, maxCharacters: number): string[] {
  if (text.trim() === '') return ['The document has no text (empty, or only white space): nothing to index.'];
  if (text.length > maxCharacters)
    return [
      `The document has ${text.length} characters, more than the limit of ${maxCharacters}: split the source, or raise maxCharacters.`,
    ];
  const controls = controlCharacterCount(text);
  if (controls > maxControlCharacters)
    return [
      `The text holds ${controls} control characters (NUL and the like): binary content, not text. Load the document in a text format.`,
    ];
  return [];
}

/**
 * C0 control characters other than tab, line feed, carriage return and form feed (a page
 * break in plain text, as in pdftotext output and RFCs). Counted by code, not a regular
 * expression, to stay linear on five million characters.
 */
function controlCharacterCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) count += 1;
  }
  return count;
}

function findingReason(finding: InjectionFinding): string {
  const details = [
    `pattern '${finding.pattern}'`,
    finding.severity,
    ...(finding.disguise === undefined ? [] : [`hidden as ${finding.disguise}`]),
    ...(finding.quoted === true ? ['only inside quotation marks'] : []),
  ];
  return `Possible prompt injection, ${finding.class} (${details.join(', ')}).`;
}
