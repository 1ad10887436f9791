import type { EncryptionProvider } from '@orkeon/core';
import type { KeyRotationProgress } from './key-rotation-options.js';
import type { ListableMemoryProvider } from './store-pages.js';

/** One rotation's parts and settled options, shared by its phases. */
export interface RotationRun {
  readonly store: ListableMemoryProvider;
  readonly oldProvider: EncryptionProvider;
  readonly newProvider: EncryptionProvider;
  readonly keyVersion: string;
  readonly batchSize: number;
  readonly continueOnUnreadableEntries: boolean;
  readonly onProgress: ((progress: KeyRotationProgress) => void) | undefined;
  /** The keys of the batch being written, for the error when a write fails. */
  batch: readonly string[];
}
