import { describe, expect, it } from 'vitest';
import { passesIbanCheck, passesLuhn, RegexPiiDetector } from '../src/index.js';

const detector = new RegexPiiDetector();
const found = (text: string) => detector.scan(text).map((match) => `${match.type}:${match.value}`);

describe('RegexPiiDetector', () => {
  it.each([
    ['Write to jane.doe+billing@mail.example.co.uk today', 'Email:jane.doe+billing@mail.example.co.uk'],
    ['From: "Bob" <BOB@EXAMPLE.ORG>', 'Email:BOB@EXAMPLE.ORG'],
    ['Call (415) 555-0132 after nine', 'Phone:(415) 555-0132'],
    ['Ask David 415-555-0132 about it', 'Phone:415-555-0132'],
    ['Mobile +44 20 7946 0958 ext. 12', 'Phone:+44 20 7946 0958 ext. 12'],
    ['Tel.: 030 901820', 'Phone:030 901820'],
    ['SSN 123-45-6789 on file', 'Ssn:123-45-6789'],
    ['ssn: 123456789', 'Ssn:123456789'],
    ['Card 4111 1111 1111 1111, exp 12/29', 'CreditCard:4111 1111 1111 1111'],
    ['Amex 378282246310005', 'CreditCard:378282246310005'],
    ['IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX', 'Iban:DE89 3704 0044 0532 0130 00'],
    ['pay GB82WEST12345698765432 BIC WESTGB2L', 'Iban:GB82WEST12345698765432'],
    ['Passport no. C01X00T47 issued 2019', 'Passport:C01X00T47'],
    ['numéro de passeport : 18AB12345', 'Passport:18AB12345'],
    ['login from 203.0.113.42 failed', 'IpAddress:203.0.113.42'],
    ['peer 2001:db8::8a2e:370:7334 closed', 'IpAddress:2001:db8::8a2e:370:7334'],
  ])('finds the item in %j', (text, item) => {
    expect(found(text)).toEqual([item]);
  });

  it.each([
    'Order 415-555-0132 shipped on 2026-11-27 at 12:45:03',
    'Upgrade to 10.0.19045.2965 or v1.2.3; OID 1.3.6.1.4.1',
    'version 10.0.0.1 of the firmware',
    'icon@2x.png and git@github.com:org/repo.git and @scope/pkg@1.2.0',
    'Card 4111 1111 1111 1112 fails its check digit',
    'IBAN DE89 3704 0044 0532 0130 01 has a wrong checksum',
    'Invalid ranges: 000-12-3456, 666-12-3456, 912-34-5678',
    'A bare 123456789 without a word for it',
    'The code C01X00T47 without a travel document nearby',
    'Time 12:45:03, MAC 00:1A:2B:3C:4D:5E, std::vector',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('finds several kinds in one text, in text order, and masks each character of them', () => {
    const text = 'jane@example.com paid with 4111-1111-1111-1111 from 198.51.100.7';
    expect(detector.scan(text)).toEqual([
      { type: 'Email', start: 0, end: 16, value: 'jane@example.com' },
      { type: 'CreditCard', start: 27, end: 46, value: '4111-1111-1111-1111' },
      { type: 'IpAddress', start: 52, end: 64, value: '198.51.100.7' },
    ]);
    expect(detector.mask(text)).toBe(`${'*'.repeat(16)} paid with ${'*'.repeat(19)} from ${'*'.repeat(12)}`);
    expect(detector.mask('ip 198.51.100.7', '#')).toBe('ip ############');
  });

  it('reads hostile text in one pass: long runs of digits, dots, colons, plus signs and keywords find nothing', () => {
    // Patterns that could backtrack without bound would stall here; each is bounded, so this takes milliseconds.
    for (const text of [
      '1'.repeat(200_000),
      '12 '.repeat(60_000),
      'a.'.repeat(100_000),
      `${'a'.repeat(100)}@${'b-'.repeat(60_000)}`,
      '1:'.repeat(100_000),
      '+1 2 3 4 5 6 7 8 9 '.repeat(10_000),
      'passport '.repeat(20_000),
      '1.1.1.'.repeat(40_000),
    ])
      expect(detector.scan(text)).toEqual([]);
  });

  it('looks only for the kinds it is given', () => {
    const emailsOnly = new RegexPiiDetector({ types: ['Email'] });
    expect(emailsOnly.scan('jane@example.com from 198.51.100.7').map((match) => match.type)).toEqual(['Email']);
  });
});

describe('check digits', () => {
  it('Luhn accepts issued test numbers and refuses one digit off', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('IBAN mod 97 needs the country length and the checksum', () => {
    expect(passesIbanCheck('DE89370400440532013000')).toBe(true);
    expect(passesIbanCheck('DE8937040044053201300')).toBe(false);
    expect(passesIbanCheck('DE88370400440532013000')).toBe(false);
    expect(passesIbanCheck('ZZ89370400440532013000')).toBe(false);
  });
});
