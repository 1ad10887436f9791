// One recogniser per kind of personal data: a pattern that finds candidates, then the checks
// that keep look-alikes out (check digits, number ranges, words around the candidate).
import { isIPv6 } from 'node:net';
import type { PiiType } from '@orkeon/core';
import { passesIbanCheck, passesLuhn } from './checksums.js';

/** A span of `text` a recogniser found. */
export interface FoundSpan {
  readonly start: number;
  readonly end: number;
}

export interface PiiRecogniser {
  readonly type: PiiType;
  find(text: string): FoundSpan[];
}

/** Each match of `pattern` (global) whose text `keep` accepts, given the text before it. */
function matching(pattern: RegExp, keep: (value: string, before: string, after: string) => boolean) {
  return (text: string): FoundSpan[] => {
    const spans: FoundSpan[] = [];
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (keep(match[0], text.slice(Math.max(0, start - 40), start), text.slice(end, end + 20)))
        spans.push({ start, end });
    }
    return spans;
  };
}

const fileExtensions = /\.(?:png|jpe?g|gif|svg|webp|ico|m?js|ts|css|scss|map|json|ya?ml|lock|txt|log|ini|toml|xml)$/i;

const email: PiiRecogniser = {
  type: 'Email',
  find: matching(
    /(?<![\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/g,
    // `icon@2x.png` is a file; `git@github.com:org/repo` is a remote, not a person's address.
    (value, _before, after) => !fileExtensions.test(value) && !/^:[\w~/]/.test(after),
  ),
};

/** Words just before a number that say it is an identifier of a thing, not of a person. */
const thingLabel =
  /\b(?:order|invoice|ticket|case|part|pn|p\/n|sku|serial|ref(?:erence)?|model|tracking|build|version|release|isbn|po|item|batch|lot|bin|location|drawing|dwg|catalog(?:ue)?|account id|id)\s*(?:no\.?|nr\.?|number|#|:)?\s*[:#]?\s*$/i;

const phoneWords =
  /(?:phone|tel(?:ephone)?|mobile|cell|call|fax|sms|text|whats ?app|contact|reach|dial|telefon|handy|mobil|t[ée]l[ée]phone|portable|tel[ée]fono|m[oó]vil)\b[^\n]{0,25}$/i;

const phone: PiiRecogniser = {
  type: 'Phone',
  find(text) {
    return [
      // International: +country, then groups; 8 to 15 digits in all (E.164).
      ...matching(
        /(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,6}(?:\s*(?:x|ext\.?|extension)\s*\d{1,5})?(?!\w)/g,
        (value) => {
          const digits = value.replace(/(?:x|ext\.?|extension)\s*\d+$/i, '').replace(/\D/g, '');
          return digits.length >= 8 && digits.length <= 15;
        },
      )(text),
      // North American: (415) 555-0132, 415-555-0132, 415.555.0132, 1-800-555-0199; area and exchange start 2-9.
      ...matching(
        /(?<![\w-])(?:1[-. ])?(?:\([2-9]\d{2}\)\s?|[2-9]\d{2}[-. ])[2-9]\d{2}[-. ]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?(?![\w-])/g,
        (_value, before) => !thingLabel.test(before),
      )(text),
      // National numbers (030 901820, 020 7946 0958) only where a word says it is a phone.
      ...matching(/(?<![\w-])0\d{1,4}(?:[ /-]?\d{2,4}){1,4}(?![\w-])/g, (value, before) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 8 && digits <= 13 && phoneWords.test(before);
      })(text),
    ];
  },
};

const ssnWords = /(?:\b(?:ssn|social security|soc\.? sec|ssa)\b|\bss#)[^\n]{0,25}$/i;
/** Area 001-665, 667-899; group 01-99; serial 0001-9999 (what the SSA issues). */
const validSsn = (area: string, group: string, serial: string) =>
  area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';

const ssn: PiiRecogniser = {
  type: 'Ssn',
  find: matching(/(?<![\w-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\w-])/g, (value, before) => {
    const digits = value.replace(/\D/g, '');
    if (!validSsn(digits.slice(0, 3), digits.slice(3, 5), digits.slice(5))) return false;
    // 123-45-6789 is an SSN unless labelled as a thing; spaces or no separator need the word.
    return value.includes('-') ? !thingLabel.test(before) || ssnWords.test(before) : ssnWords.test(before);
  }),
};

/** Issuer prefixes and lengths: Visa, Mastercard, American Express, Discover, Diners, JCB, UnionPay, Maestro. */
function plausibleCard(digits: string): boolean {
  const length = digits.length;
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits[0] === '4') return length === 13 || length === 16 || length === 19;
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return length === 16;
  if (two === 34 || two === 37) return length === 15;
  if (four === 6011 || two === 65 || (four >= 6440 && four <= 6499)) return length >= 16 && length <= 19;
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return length >= 14 && length <= 19;
  if (four >= 3528 && four <= 3589) return length >= 16 && length <= 19;
  if (two === 62) return length >= 16 && length <= 19;
  if (two === 50 || (two >= 56 && two <= 69)) return length >= 12 && length <= 19;
  return false;
}

const creditCard: PiiRecogniser = {
  type: 'CreditCard',
  find: matching(/(?<![\w.-])\d(?:\d|([ -])(?=\d)){11,22}(?![\w-]|\.\d)/g, (value) => {
    const separators = new Set(value.replace(/\d/g, ''));
    if (separators.size > 1) return false;
    const digits = value.replace(/\D/g, '');
    return digits.length >= 13 && digits.length <= 19 && plausibleCard(digits) && passesLuhn(digits);
  }),
};

const iban: PiiRecogniser = {
  type: 'Iban',
  find(text) {
    const spans: FoundSpan[] = [];
    for (const match of text.matchAll(/(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?=[ ]?[A-Z0-9])/g)) {
      // Walk on through letters and digits (single spaces between groups) while the IBAN can still grow.
      let compact = match[0];
      let end = match.index + match[0].length;
      let best: number | undefined;
      while (end < text.length && compact.length < 34) {
        const next = text[end] === ' ' && /[A-Z0-9]/.test(text[end + 1] ?? '') ? end + 1 : end;
        const character = text[next] ?? '';
        if (!/[A-Z0-9]/.test(character)) break;
        compact += character;
        end = next + 1;
        if (!/[A-Za-z0-9]/.test(text[end] ?? '') && passesIbanCheck(compact)) best = end;
      }
      if (best !== undefined) spans.push({ start: match.index, end: best });
    }
    return spans;
  },
};

const passportWords =
  /\b(?:passport|travel document|reisepass(?:nummer|-?nr\.?)?|passeport|pasaporte|passaporto|paspoort|passaporte)(?:\s*(?:no\.?|nr\.?|n[°º]|number|num[ée]ro|nummer|n[uú]mero|#|id))?\b/gi;

const passport: PiiRecogniser = {
  type: 'Passport',
  find(text) {
    const spans: FoundSpan[] = [];
    for (const word of text.matchAll(passportWords)) {
      // The first code of 6 to 10 capitals and digits (at least 2 digits) in the next 40 characters.
      const from = word.index + word[0].length;
      const window = text.slice(from, from + 40);
      const code = /(?<![\w-])(?=[A-Z0-9]{6,10}(?![\w-]))(?=(?:[A-Z]*\d){2})[A-Z0-9]{6,10}(?![\w-])/.exec(window);
      if (code !== null) spans.push({ start: from + code.index, end: from + code.index + code[0].length });
    }
    return spans;
  },
};

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Words before a dotted number that make it a version, a section or an identifier. */
const notAnAddress =
  /(?:version|ver\.?|release|build|firmware|patch|rev(?:ision)?|section|§|figure|fig\.?|table|chapter|clause|paragraph|appendix|requirement|attribute|oid|rule|step|item|v)\s*$/i;
/** Words near an address that say it is one: 10.0.0.1 or 8.8.8.8 look like section numbers without them. */
const networkWords =
  /\b(?:ip|ips|ipv4|address|addr|host|server|from|to|via|src|source|dst|destination|client|peer|gateway|gw|dns|nameserver|resolver|ping|connect(?:ed|ion)?|login|logon|firewall|subnet|route|nat|proxy|inet|listen|bind|allow|deny|block(?:ed)?|remote|origin|forwarded|ssh|node|router|dhcp|lease|vpn|lan|wan|public|private|loopback|interface|eth\d|upstream|endpoint)\b/i;

const ipAddress: PiiRecogniser = {
  type: 'IpAddress',
  find(text) {
    return [
      ...matching(new RegExp(`(?<![\\w.])(?:${octet}\\.){3}${octet}(?!\\w|\\.\\d)`, 'g'), (value, before, after) => {
        if (notAnAddress.test(before)) return false;
        // Small octets throughout (3.1.4.2) need a network word nearby, a port or a prefix length.
        if (value.split('.').some((part) => Number(part) >= 20)) return true;
        return networkWords.test(before.slice(-30)) || networkWords.test(after) || /^(?::\d|\/\d)/.test(after);
      })(text),
      ...matching(
        /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:])/g,
        (value) => {
          if (!isIPv6(value) || !/\d/.test(value)) return false;
          const groups = value.split(':').filter((group) => group !== '').length;
          return value.includes('::') ? groups >= 1 && value.length >= 3 : groups >= 8 || value.includes('.');
        },
      )(text),
    ];
  },
};

/** Every recogniser, in the order their finds win a tie (same start, same length). */
export const piiRecognisers: readonly PiiRecogniser[] = [iban, creditCard, email, ssn, passport, phone, ipAddress];
