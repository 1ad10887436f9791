import { createHash, timingSafeEqual } from 'node:crypto';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * True when `candidate` equals one of `secrets`. Both sides are hashed with SHA-256 so
 * lengths never leak, compared in fixed time, and every secret is compared (no early
 * exit), so timing does not reveal which entry matched or how many there are to the
 * first match.
 */
export function matchesAnySecret(candidate: string, secrets: readonly string[]): boolean {
  const candidateHash = sha256(candidate);
  let matched = false;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    matched = timingSafeEqual(candidateHash, sha256(secret)) || matched;
  }
  return matched;
}
