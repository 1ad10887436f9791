import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coreErrorCodes,
  crewOfMailbox,
  EventHubError,
  eventHubErrorCodes,
  linkPeerOfMailbox,
  mailboxAddressForms,
  parseMailboxAddress,
} from '../../src/index.js';

describe('parseMailboxAddress', () => {
  it('reads the four address forms', () => {
    expect(parseMailboxAddress('agent://billing/clerk')).toEqual({
      kind: 'agent',
      crewId: 'billing',
      agentId: 'clerk',
      text: 'agent://billing/clerk',
    });
    expect(parseMailboxAddress('crew://billing')).toMatchObject({ kind: 'crew', crewId: 'billing' });
    expect(parseMailboxAddress('topic://orders.new')).toMatchObject({ kind: 'topic', name: 'orders.new' });
    expect(parseMailboxAddress('client://dashboard')).toMatchObject({ kind: 'client', name: 'dashboard' });
  });

  it.each([
    'billing',
    'crew://',
    'agent://billing',
    'agent://billing/clerk/extra',
    'mail://billing',
    'crew://bill ing',
    ' crew://billing',
    'CREW://billing',
  ])('refuses %j naming the address and the forms', (address) => {
    let thrown: unknown;
    try {
      parseMailboxAddress(address);
    } catch (error) {
      thrown = error;
    }
    expect(EventHubError.isInstance(thrown)).toBe(true);
    const error = thrown as EventHubError;
    expect(error.code).toBe('EVENT_HUB_ADDRESS_INVALID');
    expect(error.message).toContain(`'${address}'`);
    expect(error.message).toContain(mailboxAddressForms);
  });

  it('names the crew and the link peer of an address', () => {
    expect(crewOfMailbox(parseMailboxAddress('agent://a/b'))).toBe('a');
    expect(crewOfMailbox(parseMailboxAddress('topic://t'))).toBeUndefined();
    expect(linkPeerOfMailbox(parseMailboxAddress('client://ui'))).toBe('client:ui');
    expect(linkPeerOfMailbox(parseMailboxAddress('crew://a'))).toBe('a');
  });

  it('reads back every well-formed crew and agent address, and never throws anything but its own error', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,20}$/);
    fc.assert(
      fc.property(id, id, (crew, agent) => {
        expect(parseMailboxAddress(`agent://${crew}/${agent}`)).toMatchObject({ crewId: crew, agentId: agent });
        expect(parseMailboxAddress(`crew://${crew}`)).toMatchObject({ crewId: crew });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parseMailboxAddress(text);
        } catch (error) {
          expect(EventHubError.isInstance(error)).toBe(true);
        }
      }),
    );
  });
});

describe('eventHubErrorCodes', () => {
  it('lists exactly the EVENT_HUB_ codes of the core registry', () => {
    const registered = Object.keys(coreErrorCodes).filter((code) => code.startsWith('EVENT_HUB_'));
    expect([...eventHubErrorCodes].sort()).toEqual(registered.sort());
  });
});
