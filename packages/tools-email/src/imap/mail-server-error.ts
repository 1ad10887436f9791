import type { EmailServerSettings } from '../settings/email-settings.js';

const certificateCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ETIMEOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ESOCKET',
  'ECONNECTION',
  'NoConnection',
  'EConnectionClosed',
]);

interface ErrorFields {
  readonly code?: unknown;
  /** nodemailer keeps the system's code here when it sets its own (`ESOCKET`). */
  readonly originalCode?: unknown;
  readonly message?: unknown;
  readonly authenticationFailed?: unknown;
  readonly responseText?: unknown;
  readonly response?: unknown;
  readonly cause?: unknown;
  readonly _err?: unknown;
}

/**
 * Words a failure of an IMAP or SMTP library for the model: which server, what went wrong and
 * who can fix it. Only codes and the server's own answer are shown, never the command sent (a
 * LOGIN carries the password) and never a setting's value.
 */
export function describeMailServerError(
  error: unknown,
  protocol: 'IMAP' | 'SMTP',
  server: EmailServerSettings,
  port: number,
  settingKey: string,
): string {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ErrorFields;
  const code = innermostCode(fields);
  const where = `the ${protocol} server ${server.Host}:${port}`;
  if (fields.authenticationFailed === true || code === 'EAUTH' || code === 'AUTHENTICATIONFAILED')
    return `The login to ${where} was refused: the host must check ${settingKey}:User and ${settingKey}:Password.`;
  if (code !== undefined && certificateCodes.has(code))
    return code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? `The certificate of ${where} is not issued for '${server.Host}': the host must use the name the certificate carries in ${settingKey}:Host.`
      : `The certificate of ${where} is not trusted (${code}): the host must give its certificate authority in ${settingKey}:CaFile (a virtual path to a PEM file), or fix the server's certificate. Validation cannot be turned off.`;
  if (code !== undefined && unreachableCodes.has(code))
    return `Cannot reach ${where} (${code}): check that it runs, and ${settingKey}:Host and Port.`;
  const answer = serverAnswer(fields);
  const detail = answer ?? (typeof fields.message === 'string' ? fields.message : String(error));
  return `${where} refused the request${code === undefined ? '' : ` (${code})`}: ${oneLine(detail)}`;
}

function innermostCode(fields: ErrorFields): string | undefined {
  for (let current: ErrorFields | undefined = fields, depth = 0; current !== undefined && depth < 4; depth++) {
    for (const candidate of [current.originalCode, current.code])
      if (typeof candidate === 'string' && (certificateCodes.has(candidate) || unreachableCodes.has(candidate)))
        return candidate;
    const next: unknown = current._err ?? current.cause;
    current = typeof next === 'object' && next !== null ? (next as ErrorFields) : undefined;
  }
  return typeof fields.code === 'string' ? fields.code : undefined;
}

function serverAnswer(fields: ErrorFields): string | undefined {
  if (typeof fields.responseText === 'string' && fields.responseText !== '') return fields.responseText;
  if (typeof fields.response === 'string' && fields.response !== '') return fields.response;
  return undefined;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
