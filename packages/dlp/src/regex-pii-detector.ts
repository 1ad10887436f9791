import type { PiiDetector, PiiMatch, PiiType } from '@orkeon/core';
import { type PiiRecogniser, piiRecognisers } from './pii-recognisers.js';

/**
 * The PII detector of `addSvcDlp`: regular expressions for e-mail, phone, SSN, credit card,
 * IBAN, passport and IP address, each followed by the checks that keep look-alikes out:
 * Luhn and issuer prefixes for cards, ISO 13616 mod 97 and the country's length for IBANs,
 * the issued ranges for SSNs, a nearby word for passports and bare national numbers, and
 * labels such as "order" or "version" that say a number belongs to a thing.
 */
export class RegexPiiDetector implements PiiDetector {
  readonly #recognisers: readonly PiiRecogniser[];

  /** `types` limits the kinds it looks for; default all seven. */
  constructor(options: { readonly types?: readonly PiiType[] } = {}) {
    const types = options.types;
    this.#recognisers =
      types === undefined ? piiRecognisers : piiRecognisers.filter((recogniser) => types.includes(recogniser.type));
  }

  scan(text: string): PiiMatch[] {
    const found: (PiiMatch & { rank: number })[] = [];
    this.#recognisers.forEach((recogniser, rank) => {
      for (const span of recogniser.find(text))
        found.push({ type: recogniser.type, ...span, value: text.slice(span.start, span.end), rank });
    });
    // Earliest first, then the longest, then the recogniser listed first; an item inside another is dropped.
    found.sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
    const matches: PiiMatch[] = [];
    let reached = 0;
    for (const { rank: _rank, ...match } of found) {
      if (match.start < reached) continue;
      matches.push(match);
      reached = match.end;
    }
    return matches;
  }

  mask(text: string, maskCharacter = '*'): string {
    let masked = '';
    let from = 0;
    for (const match of this.scan(text)) {
      masked += text.slice(from, match.start) + maskCharacter.repeat(match.end - match.start);
      from = match.end;
    }
    return masked + text.slice(from);
  }
}
