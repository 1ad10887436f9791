import { readFileSync } from 'node:fs';
import {
  checkServerIdentity,
  createSecureContext,
  type PeerCertificate,
  rootCertificates,
  type SecureContext,
} from 'node:tls';
import type { A2ASecuritySettings } from '../security/a2a-security-settings.js';
import { pemCertificateBlocks, readTrustedAuthorities } from '../security/pem-certificates.js';
import { A2AClientError } from './a2a-client-error.js';

/**
 * The TLS options of the client's connections. Every check is set explicitly, so that
 * nothing in the environment (`NODE_TLS_REJECT_UNAUTHORIZED=0`, `NODE_EXTRA_CA_CERTS`,
 * `--tls-min-v1.0` in `NODE_OPTIONS`) can change what the client trusts or accepts.
 */
export interface A2AClientTlsOptions {
  /** Node's bundled Mozilla roots plus `TrustedCertificateAuthorities`; nothing else is trusted. */
  readonly ca: string[];
  /** Always true: a server whose chain does not verify is refused. */
  readonly rejectUnauthorized: true;
  /** Node's host-name check, called on every new session whatever the environment says. */
  readonly checkServerIdentity: (hostname: string, certificate: PeerCertificate) => Error | undefined;
  readonly minVersion: 'TLSv1.2';
  /** Built once from `ca` and the client certificate, and shared by every connection. */
  readonly secureContext: SecureContext;
  readonly cert?: string;
  readonly key?: string;
  readonly pfx?: Buffer;
  readonly passphrase?: string;
}

type ClientCertificate = Pick<A2AClientTlsOptions, 'cert' | 'key' | 'pfx' | 'passphrase'>;

interface ReadCertificate {
  readonly certificate: ClientCertificate;
  readonly path: string;
  readonly kind: 'pem' | 'pkcs12';
}

const privateKeyBlock =
  /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

/** The context without extra CAs or a client certificate, shared: building one reads every bundled root (several ms). */
let plainContext: SecureContext | undefined;

function configurationError(message: string, cause?: unknown): A2AClientError {
  return new A2AClientError('A2A_CLIENT_CONFIGURATION_INVALID', message, cause === undefined ? {} : { cause });
}

/**
 * Builds the client TLS options from `A2A:Security`: the listed CAs are added to Node's
 * bundled roots (they vouch for a private chain, never for a wrong host name), and the
 * certificate at `ClientCertificatePath` is presented, read as PEM when the file holds
 * PEM blocks and as PKCS#12 otherwise. An unusable certificate file (unreadable, wrong
 * password, key not matching, neither PEM nor PKCS#12) throws `A2A_CLIENT_CONFIGURATION_INVALID`
 * here, before any connection.
 */
export function clientTlsOptions(settings: A2ASecuritySettings): A2AClientTlsOptions {
  let pems: readonly string[] = [];
  if (settings.TrustedCertificateAuthorities.length > 0) {
    try {
      pems = readTrustedAuthorities(settings.TrustedCertificateAuthorities).pems;
    } catch (error) {
      throw configurationError(error instanceof Error ? error.message : String(error), error);
    }
  }
  const read = settings.ClientCertificatePath === undefined ? undefined : readClientCertificate(settings);
  const material = { ca: [...rootCertificates, ...pems], minVersion: 'TLSv1.2' as const, ...read?.certificate };
  const plain = pems.length === 0 && read === undefined;
  const secureContext = plain ? (plainContext ?? secureContextOf(material, read)) : secureContextOf(material, read);
  if (plain) plainContext = secureContext;
  return {
    ...material,
    secureContext,
    rejectUnauthorized: true,
    checkServerIdentity: (hostname, peer) => checkServerIdentity(hostname, peer),
  };
}

function readClientCertificate(settings: A2ASecuritySettings): ReadCertificate {
  const path = settings.ClientCertificatePath ?? '';
  let content: Buffer;
  try {
    content = readFileSync(path);
  } catch (error) {
    throw configurationError(`A2A:Security:ClientCertificatePath '${path}' cannot be read.`, error);
  }
  const password =
    settings.ClientCertificatePassword === undefined ? {} : { passphrase: settings.ClientCertificatePassword };
  const text = content.toString('latin1');
  if (!text.includes('-----BEGIN')) {
    return { certificate: { pfx: content, ...password }, path, kind: 'pkcs12' };
  }
  const certificates = pemCertificateBlocks(text);
  const key = privateKeyBlock.exec(text)?.[0];
  if (certificates.length === 0 || key === undefined) {
    throw configurationError(
      `A2A:Security:ClientCertificatePath '${path}' is a PEM file but lacks ${certificates.length === 0 ? 'a CERTIFICATE block' : 'a PRIVATE KEY block'}: put the certificate (and any intermediates) and its key in one file, or use a PKCS#12 bundle.`,
    );
  }
  return { certificate: { cert: certificates.join('\n'), key, ...password }, path, kind: 'pem' };
}

/** Loads the trust and the certificate once for every connection, so a bad file fails here and not as a network error. */
function secureContextOf(
  material: Parameters<typeof createSecureContext>[0],
  read: ReadCertificate | undefined,
): SecureContext {
  try {
    return createSecureContext(material);
  } catch (error) {
    if (read === undefined)
      throw configurationError(`A2A:Security:TrustedCertificateAuthorities cannot be used (${String(error)}).`, error);
    const { certificate, path, kind } = read;
    const reason = error instanceof Error ? error.message : String(error);
    const where = `A2A:Security:ClientCertificatePath '${path}'`;
    let message: string;
    if (kind === 'pkcs12' && /mac verify failure/i.test(reason)) {
      message = `${where} is a PKCS#12 bundle that cannot be opened: A2A:Security:ClientCertificatePassword is ${certificate.passphrase === undefined ? 'not set' : 'wrong'}. Set the bundle's password.`;
    } else if (kind === 'pkcs12') {
      message = `${where} is neither a PEM file nor a PKCS#12 bundle that can be read (${reason}). Give a PEM file (certificate, intermediates and key) or a PKCS#12 bundle; re-export a bundle made with legacy encryption using 'openssl pkcs12 -export' with OpenSSL 3.`;
    } else if (/bad decrypt|bad password/i.test(reason)) {
      message = `${where} holds an encrypted private key that cannot be decrypted: A2A:Security:ClientCertificatePassword is ${certificate.passphrase === undefined ? 'not set' : 'wrong'}. Set the key's password.`;
    } else if (/key values mismatch/i.test(reason)) {
      message = `${where}: the private key does not belong to the first certificate. Put the client certificate first, then its intermediates, then its own key.`;
    } else {
      message = `${where} cannot be used as a client certificate (${reason}). Give a PEM file (certificate, intermediates and key) or a PKCS#12 bundle.`;
    }
    throw configurationError(message, error);
  }
}
