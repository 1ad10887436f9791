import canonicalize from 'canonicalize';
import * as jose from 'jose';

/** One signature of an agent card (a flattened JWS without its payload), as the card carries it. */
export interface AgentCardSignature {
  /** The protected header, base64url JSON: `alg`, `kid`, `typ: "JOSE"`, and `jku` when given. */
  readonly protected: string;
  readonly signature: string;
  readonly header?: Readonly<Record<string, unknown>>;
}

/**
 * The bytes a card's signature covers (A2A v1.0 §8.4): the card without `signatures`, with
 * the fields a protobuf writer leaves out when unset dropped (empty text, empty lists and
 * objects, null), in the JSON Canonicalization Scheme (RFC 8785). Signer and verifier
 * both go through here, so a card read back from JSON verifies as it was signed.
 */
export function canonicalCardPayload(card: Readonly<Record<string, unknown>>): Uint8Array {
  const { signatures: _, ...unsigned } = card;
  const text = canonicalize(withoutEmpty(unsigned) ?? {});
  return new TextEncoder().encode(text ?? '{}');
}

function withoutEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object') {
    const fields: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const kept = withoutEmpty(field);
      if (kept !== undefined) fields[key] = kept;
    }
    return Object.keys(fields).length === 0 ? undefined : fields;
  }
  return value;
}

/** What signs the cards of a server. */
export interface AgentCardSigningKey {
  readonly key: jose.CryptoKey | jose.KeyObject;
  /** The JWS algorithm (`ES256`, `EdDSA`, `RS256`, …). */
  readonly algorithm: string;
  /** The key's id, as a verifier looks it up. */
  readonly keyId: string;
  /** Where the public key is published (a JWK Set URL), as `jku`. */
  readonly jwksUrl?: string;
}

/** The card with one more signature, made with `signing`. */
export async function signAgentCard<Card extends Readonly<Record<string, unknown>>>(
  card: Card,
  signing: AgentCardSigningKey,
): Promise<Card & { signatures: AgentCardSignature[] }> {
  const jws = await new jose.FlattenedSign(canonicalCardPayload(card))
    .setProtectedHeader({
      alg: signing.algorithm,
      kid: signing.keyId,
      typ: 'JOSE',
      ...(signing.jwksUrl === undefined ? {} : { jku: signing.jwksUrl }),
    })
    .sign(signing.key);
  const earlier = Array.isArray(card.signatures) ? (card.signatures as AgentCardSignature[]) : [];
  return { ...card, signatures: [...earlier, { protected: jws.protected ?? '', signature: jws.signature }] };
}

/** The public key for a signature's `kid` (and `jku`, when it names one), or undefined for a key not trusted. */
export type AgentCardKeyLookup = (
  keyId: string,
  jwksUrl: string | undefined,
) => Promise<jose.CryptoKey | jose.KeyObject | jose.JWK | undefined>;

/** Why a card's signatures were not accepted: the reason of each signature, or that there are none. */
export class AgentCardSignatureError extends Error {
  override readonly name = 'AgentCardSignatureError';
}

/**
 * Resolves with the `kid` of the first signature of `card` that verifies with a trusted
 * key (`typ` JOSE, `alg` and `kid` present); throws `AgentCardSignatureError` saying why
 * each one failed, or that the card carries none.
 */
export async function verifyAgentCard(
  card: Readonly<Record<string, unknown>>,
  keyFor: AgentCardKeyLookup,
): Promise<string> {
  const signatures = Array.isArray(card.signatures) ? (card.signatures as unknown[]) : [];
  if (signatures.length === 0) throw new AgentCardSignatureError('the card carries no signature');
  const payload = jose.base64url.encode(canonicalCardPayload(card));
  const reasons: string[] = [];
  for (const [index, entry] of signatures.entries()) {
    try {
      const signature = entry as AgentCardSignature;
      const header = jose.decodeProtectedHeader({ protected: signature.protected });
      if (header.typ !== 'JOSE' || typeof header.alg !== 'string' || typeof header.kid !== 'string')
        throw new Error('its protected header lacks typ "JOSE", alg or kid');
      const key = await keyFor(header.kid, typeof header.jku === 'string' ? header.jku : undefined);
      if (key === undefined) throw new Error(`key '${header.kid}' is not trusted`);
      await jose.flattenedVerify(
        {
          payload,
          protected: signature.protected,
          signature: signature.signature,
          ...(signature.header === undefined ? {} : { header: signature.header as jose.JWSHeaderParameters }),
        },
        key,
      );
      return header.kid;
    } catch (error) {
      reasons.push(`signature ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new AgentCardSignatureError(reasons.join('; '));
}

/**
 * A key lookup over the public keys a client trusts, by `kid`. A signature's `jku` is never
 * fetched: a card cannot name the key that vouches for it.
 */
export function trustedCardKeys(
  keys: Readonly<Record<string, jose.CryptoKey | jose.KeyObject | jose.JWK>>,
): AgentCardKeyLookup {
  return async (keyId) => (Object.hasOwn(keys, keyId) ? keys[keyId] : undefined);
}
