/** What a rotation reports after each batch, for progress on long work. */
export interface KeyRotationProgress {
  readonly phase: 'staging' | 'committing';
  /** Entries read so far in this phase (staged copies and the state marker left out). */
  readonly entriesRead: number;
  /** Entries staged (staging) or swapped in (committing) so far. */
  readonly entriesRotated: number;
}

/** How one rotation runs (reference brief §11 item 6: `KeyRotationOptions`). */
export interface KeyRotationOptions {
  /** Entries read, and at most written, per batch; default 100 (or the rotator's). */
  readonly batchSize?: number;
  /** The version recorded on re-encrypted entries and in the marker; default the new provider's `keyVersion`. */
  readonly newKeyVersion?: string;
  /**
   * Leave entries that open with neither key as they are and list them in `errors`;
   * default false: such an entry fails the rotation, which rolls back.
   */
  readonly continueOnUnreadableEntries?: boolean;
  /** Called after each batch. */
  readonly onProgress?: (progress: KeyRotationProgress) => void;
}

/** An entry a rotation left as it was, and why. */
export interface KeyRotationEntryError {
  readonly key: string;
  readonly message: string;
}

/** What one rotation did (reference brief §11 item 6: `KeyRotationResult`). */
export interface KeyRotationResult {
  /** Entries of the store (the state marker and staged copies left out). */
  readonly totalEntries: number;
  /** Entries this call re-encrypted with the new key (in a resumed call: the staged copies it swapped in). */
  readonly rotatedEntries: number;
  /** Entries that already opened with the new key. */
  readonly alreadyRotatedEntries: number;
  /** Entries that open with neither key, left as they are (with `continueOnUnreadableEntries`). */
  readonly unreadableEntries: number;
  /** Entries written before encryption was enabled: not encrypted, left as they are. */
  readonly plaintextEntries: number;
  readonly newKeyVersion: string;
  readonly durationMilliseconds: number;
  /** One per unreadable entry. */
  readonly errors: readonly KeyRotationEntryError[];
  /** True when this call finished a rotation an earlier call left in its swap phase. */
  readonly resumed: boolean;
}
