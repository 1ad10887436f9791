import {
  DecryptionFailedError,
  decryptMemoryContent,
  type EncryptionProvider,
  encryptedContentPrefix,
  isEncryptedContent,
} from '@orkeon/core';

/**
 * What a stored entry is, told by which key opens it (AES-GCM's tag check leaves no doubt):
 * `rotated` opens with the new key, `pending` with the old one (its plaintext given),
 * `unreadable` with neither, `plaintext` was never encrypted.
 */
export type EntryClass =
  | { readonly kind: 'rotated' }
  | { readonly kind: 'pending'; readonly plaintext: string }
  | { readonly kind: 'unreadable' }
  | { readonly kind: 'plaintext' };

/**
 * Classifies the content of the entry stored under `key`. The key version written in the
 * entry only picks which key is tried first (two keys may carry one version): an entry that
 * records `newKeyVersion` is tried with the new key first, any other with the old key first.
 * Either way a `pending` entry's plaintext is what the old key opened, so sealing it with the
 * new key can never seal a sealed text (when both keys are one, it is sealed again, once).
 */
export async function classifyEntry(
  key: string,
  content: string,
  oldProvider: EncryptionProvider,
  newProvider: EncryptionProvider,
  newKeyVersion: string,
): Promise<EntryClass> {
  if (!isEncryptedContent(content)) return { kind: 'plaintext' };
  const recorded = content.slice(encryptedContentPrefix.length, content.lastIndexOf(':'));
  if (recorded === newKeyVersion && (await opened(newProvider, key, content)) !== undefined) return { kind: 'rotated' };
  const plaintext = await opened(oldProvider, key, content);
  if (plaintext !== undefined) return { kind: 'pending', plaintext };
  if (recorded !== newKeyVersion && (await opened(newProvider, key, content)) !== undefined) return { kind: 'rotated' };
  return { kind: 'unreadable' };
}

/** The plaintext when `provider` opens the content, undefined when its key does not. */
export async function opened(provider: EncryptionProvider, key: string, content: string): Promise<string | undefined> {
  try {
    return await decryptMemoryContent(provider, key, content);
  } catch (error) {
    if (DecryptionFailedError.isInstance(error)) return undefined;
    throw error;
  }
}
