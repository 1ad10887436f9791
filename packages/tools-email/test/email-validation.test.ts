import { Configuration, ConfigurationError } from '@orkeon/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  bindEmailSettings,
  emailSettings,
  headerTextProblem,
  isLoopbackHost,
  isRecipientAllowed,
  parseMailbox,
  recipientPatternProblem,
  safeAttachmentFileName,
} from '../src/index.js';

const lineBreaks = ['\r', '\n', '\r\n', '\u0000', '\u2028', '\u2029', '\u000b', '\u0085'];
const atomCharacter = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-",
);
const atom = fc.array(atomCharacter, { minLength: 1, maxLength: 12 }).map((characters) => characters.join(''));
const label = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), { minLength: 1, maxLength: 10 })
  .map((characters) => characters.join(''));
const validAddress = fc
  .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 2, maxLength: 4 }))
  .map(([locals, labels]) => `${locals.join('.')}@${labels.join('.')}`);

describe('header-injection guards (property tests)', () => {
  it('accepts every well-formed dot-atom address', () => {
    fc.assert(fc.property(validAddress, (address) => addressProblem(address) === undefined));
  });

  it('refuses any address, name or subject that carries a line break or control character', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...lineBreaks),
        fc.string(),
        validAddress,
        (before, breaker, after, address) => {
          const text = `${before}${breaker}${after}`;
          expect(headerTextProblem(text, 'The subject')).toBeDefined();
          expect(addressProblem(`${text}${address}`)).toBeDefined();
          expect('problem' in parseMailbox(`${text} <${address}>`)).toBe(true);
          expect('problem' in parseMailbox(`${address}${breaker}Bcc: x@example.test`)).toBe(true);
        },
      ),
    );
  });

  it('never lets one recipient text name two addresses', () => {
    fc.assert(
      fc.property(
        validAddress,
        validAddress,
        fc.constantFrom(',', ';', ' ', '>,<', '> <'),
        (first, second, separator) => {
          expect('problem' in parseMailbox(`${first}${separator}${second}`)).toBe(true);
          expect('problem' in parseMailbox(`<${first}${separator}${second}>`)).toBe(true);
        },
      ),
    );
  });

  it('reads display names, quoted or not', () => {
    expect(parseMailbox('Bob <bob@example.test>')).toEqual({ mailbox: { address: 'bob@example.test', name: 'Bob' } });
    expect(parseMailbox('"Smith, Bob" <bob@example.test>')).toEqual({
      mailbox: { address: 'bob@example.test', name: 'Smith, Bob' },
    });
    expect(parseMailbox(' bob@example.test ')).toEqual({ mailbox: { address: 'bob@example.test' } });
    for (const bad of [
      'bob',
      'bob@',
      '@example.test',
      'bob@localhost',
      'a..b@example.test',
      '.a@example.test',
      'bob@-x.test',
      'bob@[127.0.0.1]',
      '"a b"@example.test',
    ])
      expect('problem' in parseMailbox(bad), bad).toBe(true);
  });
});

describe('allowed recipients', () => {
  it('matches exact addresses and whole domains, never subdomains or suffixes', () => {
    const allowed = ['boss@example.test', '@partner.test'];
    expect(isRecipientAllowed('Boss@Example.TEST', allowed)).toBe(true);
    expect(isRecipientAllowed('anyone@partner.test', allowed)).toBe(true);
    expect(isRecipientAllowed('anyone@sub.partner.test', allowed)).toBe(false);
    expect(isRecipientAllowed('anyone@partner.test.evil.test', allowed)).toBe(false);
    expect(isRecipientAllowed('boss@example.test.evil.test', allowed)).toBe(false);
    expect(isRecipientAllowed('xboss@example.test', allowed)).toBe(false);
  });

  it('allows nobody with an empty list (property)', () => {
    fc.assert(fc.property(validAddress, (address) => !isRecipientAllowed(address, [])));
  });

  it('allows an address exactly when it or its domain is listed (property)', () => {
    fc.assert(
      fc.property(validAddress, validAddress, (listed, other) => {
        expect(isRecipientAllowed(listed, [listed])).toBe(true);
        expect(isRecipientAllowed(other, [listed])).toBe(other.toLowerCase() === listed.toLowerCase());
        const domain = listed.slice(listed.indexOf('@'));
        expect(isRecipientAllowed(other, [domain])).toBe(
          other.toLowerCase().endsWith(domain.toLowerCase()) && other.lastIndexOf('@') === other.length - domain.length,
        );
      }),
    );
  });

  it('refuses malformed entries', () => {
    for (const entry of ['@', '@localhost', 'nobody', '*@example.test', '@*.example.test', 'a@b.test\nc@d.test'])
      expect(recipientPatternProblem(entry), entry).toBeDefined();
    expect(recipientPatternProblem('@example.test')).toBeUndefined();
  });
});

describe('safe attachment file names (property tests)', () => {
  it('never yields a path, a hidden file, a control character or an empty name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constant('../../etc/passwd')), (name) => {
        const safe = safeAttachmentFileName(name, 'attachment.bin');
        expect(safe.length).toBeGreaterThan(0);
        expect(Array.from(safe).length).toBeLessThanOrEqual(120);
        expect(safe).not.toMatch(/[/\\\p{Cc}\p{Cf}<>:"|?*]/u);
        expect(safe.startsWith('.')).toBe(false);
        expect(['.', '..']).not.toContain(safe);
      }),
    );
  });

  it('keeps the last segment and the extension', () => {
    expect(safeAttachmentFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeAttachmentFileName('C:\\Windows\\system.ini', 'x')).toBe('system.ini');
    expect(safeAttachmentFileName('..', 'fallback.bin')).toBe('fallback.bin');
    expect(safeAttachmentFileName('CON.txt', 'x')).toBe('_CON.txt');
    expect(safeAttachmentFileName(`${'a'.repeat(300)}.pdf`, 'x')).toMatch(/^a{116}\.pdf$/);
  });
});

describe('Svc:Tools:Email settings', () => {
  const imap = { Host: 'mail.example.test', User: 'alice', Password: 'secret-password' };

  it('applies the defaults', () => {
    const settings = bindEmailSettings({ Accounts: { work: { Imap: imap } } });
    expect(settings.Accounts.work?.Rights).toEqual(['Read']);
    expect(settings.Accounts.work?.Imap).toMatchObject({ Port: 0, Secure: true, CaFile: '', AllowPlaintext: false });
    expect(settings.Accounts.work?.Send.AllowedRecipients).toEqual([]);
    expect(settings.Limits).toEqual({
      MaxMessageBytes: 10_485_760,
      MaxAttachmentBytes: 10_485_760,
      MaxBodyCharacters: 20_000,
      MaxSearchResults: 50,
    });
    expect(settings.TimeoutSeconds).toBe(60);
  });

  it('refuses plaintext to a server that is not on this machine', () => {
    expect(() =>
      bindEmailSettings({ Accounts: { work: { Imap: { ...imap, Secure: false, AllowPlaintext: true } } } }),
    ).toThrow(/Svc:Tools:Email:Accounts:work:Imap:AllowPlaintext.*only allowed for a server on this machine/);
    expect(() =>
      bindEmailSettings({ Accounts: { work: { Imap: { ...imap, Host: '127.0.0.1', AllowPlaintext: true } } } }),
    ).not.toThrow();
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '::1', 'mail.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['127.0.0.1.evil.test', 'localhost.evil.test', '10.0.0.1', '0.0.0.0'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses bad recipients, a missing From for Send or Draft, an unknown right and a missing IMAP user', () => {
    const cases = [
      [{ Imap: imap, Send: { AllowedRecipients: ['not an address'] } }, 'Send:AllowedRecipients:0'],
      [{ Imap: imap, Rights: ['Send'] }, 'From'],
      [{ Imap: imap, Rights: ['Draft'], From: 'a@example.test\r\nBcc: x@example.test' }, 'From'],
      [{ Imap: imap, Rights: ['Everything'] }, 'Rights:0'],
      [{ Imap: { Host: 'mail.example.test' } }, 'Imap:User'],
      [{ Imap: { ...imap, Port: 70_000 } }, 'Imap:Port'],
      [{ Imap: { ...imap, Insecure: true } }, 'Imap'],
    ] as const;
    for (const [account, key] of cases) {
      let error: unknown;
      try {
        bindEmailSettings({ Accounts: { work: account as never } });
      } catch (caught) {
        error = caught;
      }
      expect(ConfigurationError.isInstance(error), key).toBe(true);
      expect((error as Error).message, key).toContain(`Svc:Tools:Email:Accounts:work:${key}`);
      expect((error as Error).message).not.toContain('secret-password');
    }
    expect(() => bindEmailSettings({ Accounts: { 'bad name!': { Imap: imap } } })).toThrow(ConfigurationError);
  });

  it('binds texts from environment variables and names unknown keys', () => {
    const configuration = Configuration.fromObject(
      {
        Svc: {
          Tools: {
            Email: { Accounts: { work: { Imap: { ...imap, Port: '993', Secure: 'true' } } }, TimeoutSeconds: '30' },
          },
        },
      },
      [emailSettings],
    );
    const bound = configuration.get(emailSettings);
    expect(bound.Accounts.work?.Imap?.Port).toBe(993);
    expect(bound.TimeoutSeconds).toBe(30);
    expect(() => Configuration.fromObject({ Svc: { Tools: { Email: { Limts: {} } } } }, [emailSettings])).toThrow(
      /Did you mean 'Svc:Tools:Email:Limits'/,
    );
  });
});
