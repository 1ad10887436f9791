import { createHash } from 'node:crypto';

/**
 * The owner of the tasks of every caller no check identified (a server with no
 * `A2A:Security` schemes): they all share it, as they share the server.
 */
export const anonymousCaller = 'anonymous';

/** What a credential check may resolve with: accepted or not, or accepted as a named principal. */
export type CredentialVerdict = boolean | { readonly principal: string };

// Keyed by the Node request object (Fastify's `request.raw`), so guards and routes meet on it.
const identities = new WeakMap<object, string>();

/**
 * Records who sent `request` (the Node request: `request.raw` in a Fastify hook). A host's
 * own guard calls it after its check, so the caller's tasks are scoped to that identity.
 *
 * @experimental SVCEXP001
 */
export function identifyCaller(request: object, identity: string): void {
  identities.set(request, identity);
}

/** The identity a guard recorded for `request`, else `anonymousCaller`. */
export function callerIdentityOf(request: object): string {
  return identities.get(request) ?? anonymousCaller;
}

/** Whether a guard identified the caller of `request`. */
export function isCallerIdentified(request: object): boolean {
  return identities.has(request);
}

/**
 * The identity of an accepted credential: the principal the validator named (a JWT's
 * issuer and subject, so a renewed token is the same caller), else a digest of the
 * credential itself (the same key is the same caller; the key never appears).
 */
export function credentialIdentity(scheme: string, credential: string, verdict: CredentialVerdict): string {
  const kind = scheme.toLowerCase();
  if (typeof verdict === 'object') return `${kind}:${verdict.principal}`;
  return `${kind}:sha256:${createHash('sha256').update(credential).digest('hex').slice(0, 32)}`;
}

/** The identity of a caller known by its client certificate alone. */
export function certificateIdentity(thumbprint: string): string {
  return `certificate:${thumbprint.toLowerCase()}`;
}
