import { serviceToken } from '../services/service-token.js';

/** The kinds of personal data the DLP detector finds (reference brief §11, item 4). */
export const piiTypes = ['Email', 'Phone', 'Ssn', 'CreditCard', 'Iban', 'Passport', 'IpAddress'] as const;
export type PiiType = (typeof piiTypes)[number];

/** One item of personal data in a text: its kind and where it is (`text.slice(start, end)` is `value`). */
export interface PiiMatch {
  readonly type: PiiType;
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/**
 * Finds personal data in text. The port of data-loss prevention: `@orkeon/dlp` registers its
 * detector here (`addSvcDlp`), and output validation's `forbiddenPii` rule checks answers with it.
 */
export interface PiiDetector {
  /** Every item found, in text order, none overlapping. */
  scan(text: string): PiiMatch[];
  /** The text with every item found replaced by `maskCharacter` (default `*`), one per character. */
  mask(text: string, maskCharacter?: string): string;
}

/** The runtime's PII detector, when data-loss prevention is enabled (`addSvcDlp` from `@orkeon/dlp`). */
export const PiiDetectorService = serviceToken<PiiDetector>('PiiDetector');

/** How a kind of personal data is named in messages: "an e-mail address", "2 e-mail addresses". */
export function describePiiCount(type: PiiType, count: number): string {
  const [one, many] = piiNames[type];
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

const piiNames: Readonly<Record<PiiType, readonly [string, string]>> = {
  Email: ['e-mail address', 'e-mail addresses'],
  Phone: ['phone number', 'phone numbers'],
  Ssn: ['social security number', 'social security numbers'],
  CreditCard: ['credit card number', 'credit card numbers'],
  Iban: ['IBAN', 'IBANs'],
  Passport: ['passport number', 'passport numbers'],
  IpAddress: ['IP address', 'IP addresses'],
};
