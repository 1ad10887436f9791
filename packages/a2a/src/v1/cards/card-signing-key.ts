import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OrkeonError, serviceToken } from '@orkeon/core';
import type { A2AErrorCode } from '../../errors/error-codes.js';
import type { A2ASettings } from '../../registration/a2a-settings.js';
import { type AgentCardKeyLookup, type AgentCardSigningKey, trustedCardKeys } from './card-signatures.js';

/** `A2A:CardSigning` names a key that cannot sign cards. @experimental SVCEXP001 */
export class A2ACardSigningKeyError extends OrkeonError<A2AErrorCode> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('A2A_CARD_SIGNING_KEY_INVALID', message, options);
  }
}

/** The key the server signs its v1.0 cards with (`A2A:CardSigning`). @experimental SVCEXP001 */
export const A2ACardSigningKeyService = serviceToken<AgentCardSigningKey>('A2ACardSigningKey');

/** The algorithms each kind of key can sign with; the first is the one it implies. */
function algorithmsOf(key: KeyObject): readonly string[] {
  const type = key.asymmetricKeyType;
  if (type === 'ed25519') return ['EdDSA'];
  if (type === 'rsa') return ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
  if (type === 'rsa-pss') return ['PS256', 'PS384', 'PS512'];
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1') return ['ES256'];
    if (curve === 'secp384r1') return ['ES384'];
    if (curve === 'secp521r1') return ['ES512'];
  }
  return [];
}

/**
 * Reads the signing key of `A2A:CardSigning` when it names one: a PEM private key whose
 * kind fixes the algorithm (P-256 ES256, P-384 ES384, P-521 ES512, Ed25519 EdDSA, RSA
 * RS256 unless `Algorithm` says another). Read at registration, so a bad key stops the start.
 */
export function loadCardSigningKey(settings: A2ASettings['CardSigning']): AgentCardSigningKey | undefined {
  const { KeyPath: path, KeyId: keyId } = settings;
  if (path === undefined || keyId === undefined) return undefined;
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(path));
  } catch (error) {
    throw new A2ACardSigningKeyError(
      `A2A:CardSigning:KeyPath '${path}' is not a readable PEM private key (${(error as Error).message}); give a PKCS#8 key, e.g. made with: openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out card-key.pem`,
      { cause: error },
    );
  }
  const usable = algorithmsOf(key);
  if (usable.length === 0)
    throw new A2ACardSigningKeyError(
      `A2A:CardSigning:KeyPath '${path}' holds a ${key.asymmetricKeyType ?? 'kind of'} key, which cannot sign cards: use an EC (P-256, P-384, P-521), Ed25519 or RSA key.`,
    );
  const algorithm = settings.Algorithm ?? (usable[0] as string);
  if (!usable.includes(algorithm))
    throw new A2ACardSigningKeyError(
      `A2A:CardSigning:Algorithm ${algorithm} cannot be used with the key in '${path}' (${key.asymmetricKeyType}); use ${usable.join(' or ')}, or leave Algorithm out.`,
    );
  return { key, algorithm, keyId, ...(settings.JwksUrl === undefined ? {} : { jwksUrl: settings.JwksUrl }) };
}

/**
 * The public keys of `A2A:PeerCardKeys` (key id → PEM file) as a key lookup, or undefined
 * when none are given. A file that holds no public key (a certificate's key counts) stops the start.
 */
export function loadTrustedCardKeys(files: Readonly<Record<string, string>>): AgentCardKeyLookup | undefined {
  const entries = Object.entries(files);
  if (entries.length === 0) return undefined;
  const keys: Record<string, KeyObject> = {};
  for (const [keyId, path] of entries) {
    try {
      keys[keyId] = createPublicKey(readFileSync(path));
    } catch (error) {
      throw new A2ACardSigningKeyError(
        `A2A:PeerCardKeys:${keyId} '${path}' is not a readable PEM public key (${(error as Error).message}); give the peer's public key, e.g. made with: openssl pkey -in card-key.pem -pubout`,
        { cause: error },
      );
    }
  }
  return trustedCardKeys(keys);
}
