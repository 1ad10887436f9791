import { headerTextProblem } from './header-text.js';

/** A mailbox: an address and an optional display name. */
export interface MailboxAddress {
  readonly address: string;
  readonly name?: string;
}

// Deliberately narrower than RFC 5321: a dot-atom local part (no quoted strings, no comments) and a
// host name domain (no address literals), so an address can never carry a second address or a header.
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainLabel = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const maxAddressLength = 254;
const maxLocalPartLength = 64;

/** Why `address` (a bare `name@example.com`) is not accepted, or `undefined` when it is. */
export function addressProblem(address: string): string | undefined {
  const shown = JSON.stringify(address.length > 80 ? `${address.slice(0, 77)}...` : address);
  const invalid = (why: string) =>
    `The address ${shown} is not accepted: ${why}. Write it as name@example.com (a display name goes in 'Name <name@example.com>').`;
  const lineProblem = headerTextProblem(address, 'An address');
  if (lineProblem !== undefined) return lineProblem;
  if (address.length > maxAddressLength) return invalid(`it is longer than ${maxAddressLength} characters`);
  const at = address.lastIndexOf('@');
  if (at < 0 || address.indexOf('@') !== at) return invalid("it needs exactly one '@'");
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length === 0 || local.length > maxLocalPartLength)
    return invalid(`the part before '@' must be 1 to ${maxLocalPartLength} characters`);
  if (!localPart.test(local))
    return invalid(
      "the part before '@' may hold letters, digits, dots (not at the ends, not two in a row) and !#$%&'*+/=?^_`{|}~-",
    );
  return domainProblem(domain, invalid);
}

/** Why `domain` (`example.com`) is not a host name, or `undefined`. */
export function domainProblem(domain: string, invalid = (why: string) => `The domain is not accepted: ${why}.`) {
  const labels = domain.split('.');
  if (labels.length < 2) return invalid('the domain needs at least one dot (example.com)');
  if (!labels.every((label) => domainLabel.test(label)))
    return invalid('the domain must be labels of letters, digits and inner hyphens, separated by single dots');
  return undefined;
}

/**
 * Reads `name@example.com` or `Display Name <name@example.com>` (the name may be in double
 * quotes). Returns the mailbox, or the problem that stops it being used in a header.
 */
export function parseMailbox(text: string): { mailbox: MailboxAddress } | { problem: string } {
  const lineProblem = headerTextProblem(text, 'A recipient');
  if (lineProblem !== undefined) return { problem: lineProblem };
  const trimmed = text.trim();
  const angled = /^([^<>]*)<([^<>]*)>$/.exec(trimmed);
  const address = (angled === null ? trimmed : (angled[2] ?? '')).trim();
  const problem = addressProblem(address);
  if (problem !== undefined) return { problem };
  let name = angled === null ? '' : (angled[1] ?? '').trim();
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).trim();
  if (name.length === 0) return { mailbox: { address } };
  const nameProblem = headerTextProblem(name, `The display name of ${address}`);
  return nameProblem === undefined ? { mailbox: { address, name } } : { problem: nameProblem };
}

/** `Name <address>` or the bare address, for messages to the model. */
export function formatMailbox(mailbox: {
  readonly address?: string | undefined;
  readonly name?: string | undefined;
}): string {
  const address = mailbox.address ?? '';
  return mailbox.name === undefined || mailbox.name === '' ? address : `${mailbox.name} <${address}>`;
}
