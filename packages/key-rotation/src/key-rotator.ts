import { performance } from 'node:perf_hooks';
import {
  EncryptedMemoryProvider,
  type EncryptionProvider,
  type MemoryProvider,
  type SecretStore,
  serviceToken,
} from '@orkeon/core';
import { KeyRotationError } from './key-rotation-error.js';
import type { KeyRotationOptions, KeyRotationResult } from './key-rotation-options.js';
import { type ProvisionedKey, provisionedKeySizeInBits, provisionNewKey } from './provision-new-key.js';
import type { RotationRun } from './rotation-run.js';
import { type RotationState, readRotationState, stagingKeyOf, writeRotationState } from './rotation-state.js';
import { type StagingOutcome, stageEntries } from './stage-entries.js';
import type { ListableMemoryProvider } from './store-pages.js';
import { type SwapOutcome, swapStagedEntries } from './swap-staged-entries.js';

/** Defaults of the rotations a `KeyRotator` runs (each call may override them). */
export interface KeyRotatorOptions {
  /** Default 100. */
  readonly batchSize?: number;
  /** Default false. */
  readonly continueOnUnreadableEntries?: boolean;
  /** The time written in the state marker; default the system clock. */
  readonly clock?: () => Date;
}

const keyVersionPattern = /^[A-Za-z0-9._-]{1,64}$/;
const unreadableMessage = 'opens with neither the old nor the new key: left as it is';

/**
 * Re-encrypts the entries of a memory store from one key to another, and provisions keys
 * (reference brief §11 item 6; Beta). A rotation works on the raw store, the one under
 * `EncryptedMemoryProvider`, in two phases recorded by the state marker
 * `__orkeon.key-rotation.state` (`staging`, `committing`, then `completed` or `rolled_back`):
 * staging copies (rolled back on failure, the store still readable with the old key), then
 * the swap (on failure, call again with the same providers: it resumes, losing nothing and
 * sealing nothing twice). Which key opens an entry tells whether it is rotated, so a call on
 * a rotated store changes nothing. Rotation assumes nothing else writes the store meanwhile.
 *
 * @beta The API may change before v1.
 */
export class KeyRotator {
  readonly #batchSize: number;
  readonly #continueOnUnreadableEntries: boolean;
  readonly #clock: () => Date;

  constructor(options: KeyRotatorOptions = {}) {
    this.#batchSize = options.batchSize ?? 100;
    this.#continueOnUnreadableEntries = options.continueOnUnreadableEntries ?? false;
    this.#clock = options.clock ?? (() => new Date());
  }

  /**
   * Re-encrypts every entry of `store` that `oldProvider` opens so that `newProvider` opens
   * it, with `orkeon-key-version` set to the new key version. An entry neither opens fails the
   * rotation (`KEY_ROTATION_ENTRIES_UNREADABLE`, rolled back) unless `continueOnUnreadableEntries`.
   */
  async rotate(
    store: MemoryProvider,
    oldProvider: EncryptionProvider,
    newProvider: EncryptionProvider,
    options: KeyRotationOptions = {},
  ): Promise<KeyRotationResult> {
    const started = performance.now();
    const run = this.#run(store, oldProvider, newProvider, options);
    const state = await readRotationState(run.store);
    if (state?.phase === 'committing') {
      if (state.key_version !== run.keyVersion)
        throw new KeyRotationError(
          'KEY_ROTATION_RESUME_MISMATCH',
          `A rotation to key version '${state.key_version}' stopped in its swap phase, and this call rotates to '${run.keyVersion}': call rotate again with the providers that rotation was started with, to finish it first.`,
        );
      const swap = await this.#swap(run, state, true);
      return this.#resumedResult(run, swap, started);
    }
    const begun: RotationState = {
      phase: 'staging',
      key_version: run.keyVersion,
      started_at_utc: this.#clock().toISOString(),
      completed_at_utc: null,
    };
    const staging = await this.#stage(run, begun);
    const swap = await this.#swap(run, begun, false);
    return {
      totalEntries: staging.totalEntries,
      rotatedEntries: swap.swappedEntries,
      alreadyRotatedEntries: staging.alreadyRotatedEntries,
      unreadableEntries: staging.unreadableKeys.length,
      plaintextEntries: staging.plaintextEntries,
      newKeyVersion: run.keyVersion,
      durationMilliseconds: performance.now() - started,
      errors: staging.unreadableKeys.map((key) => ({ key, message: unreadableMessage })),
      resumed: false,
    };
  }

  /**
   * Creates a random key of `keySizeInBits` (256, the size AES-256-GCM takes) in `secretStore`
   * as `secretName`; refuses to replace an existing secret (`KEY_PROVISIONING_SECRET_EXISTS`).
   */
  provisionNewKey(
    secretStore: SecretStore,
    secretName: string,
    keySizeInBits: number = provisionedKeySizeInBits,
  ): Promise<ProvisionedKey> {
    return provisionNewKey(secretStore, secretName, keySizeInBits);
  }

  /** Phase one, with its marker; any failure rolls back before the error is thrown. */
  async #stage(run: RotationRun, begun: RotationState): Promise<StagingOutcome> {
    const stagedKeys = new Set<string>();
    const fix = 'Fix the cause and rotate again.';
    let staging: StagingOutcome;
    try {
      await writeRotationState(run.store, begun, this.#clock());
      staging = await stageEntries(run, stagedKeys);
    } catch (error) {
      const problem = `Staging the re-encrypted copies failed (${reasonOf(error)})`;
      throw await this.#rolledBack(
        run,
        begun,
        stagedKeys,
        'KEY_ROTATION_STAGING_FAILED',
        problem,
        fix,
        run.batch,
        error,
      );
    }
    const unreadable = staging.unreadableKeys;
    if (unreadable.length > 0 && !run.continueOnUnreadableEntries)
      throw await this.#rolledBack(
        run,
        begun,
        stagedKeys,
        'KEY_ROTATION_ENTRIES_UNREADABLE',
        `${unreadable.length} entr${unreadable.length === 1 ? 'y opens' : 'ies open'} with neither the old nor the new key (${listed(unreadable)})`,
        'Find the key they were written with, delete them, or rotate with continueOnUnreadableEntries to leave them as they are.',
        unreadable,
        undefined,
      );
    try {
      await writeRotationState(run.store, { ...begun, phase: 'committing' }, this.#clock());
    } catch (error) {
      const problem = `Recording the end of staging failed (${reasonOf(error)})`;
      throw await this.#rolledBack(run, begun, stagedKeys, 'KEY_ROTATION_STAGING_FAILED', problem, fix, [], error);
    }
    return staging;
  }

  /** Phase two, then the `completed` marker; a failure leaves the marker at `committing`, for a later call to resume. */
  async #swap(run: RotationRun, begun: RotationState, resumed: boolean): Promise<SwapOutcome> {
    try {
      const swap = await swapStagedEntries(run, resumed);
      run.batch = [];
      await writeRotationState(
        run.store,
        { ...begun, phase: 'completed', completed_at_utc: this.#clock().toISOString() },
        this.#clock(),
      );
      return swap;
    } catch (error) {
      if (KeyRotationError.isInstance(error)) throw error;
      throw new KeyRotationError(
        'KEY_ROTATION_SWAP_FAILED',
        `The swap phase stopped part-way (${reasonOf(error)}); no entry is lost. Fix the cause, then rotate again with the same old and new providers: it resumes where it stopped.`,
        run.batch,
        { cause: error },
      );
    }
  }

  /**
   * Removes the staged copies and records `rolled_back`, then returns the error to throw: the
   * problem, what the roll back left, and the fix. A roll back that stops leaves the entries
   * untouched all the same; the next rotation removes the copies it left.
   */
  async #rolledBack(
    run: RotationRun,
    begun: RotationState,
    stagedKeys: ReadonlySet<string>,
    code: 'KEY_ROTATION_STAGING_FAILED' | 'KEY_ROTATION_ENTRIES_UNREADABLE',
    problem: string,
    fix: string,
    affectedKeys: readonly string[],
    cause: unknown,
  ): Promise<KeyRotationError> {
    let outcome =
      'the rotation rolled back: the staged copies were removed and every entry is still readable with the old key.';
    try {
      for (const key of stagedKeys) await run.store.delete(stagingKeyOf(key));
      const now = this.#clock();
      await writeRotationState(run.store, { ...begun, phase: 'rolled_back', completed_at_utc: now.toISOString() }, now);
    } catch (error) {
      outcome = `the roll back stopped too (${reasonOf(error)}): every entry is still readable with the old key, and the next rotation removes the staged copies left.`;
    }
    return new KeyRotationError(
      code,
      `${problem}; ${outcome} ${fix}`,
      affectedKeys,
      cause === undefined ? {} : { cause },
    );
  }

  #resumedResult(run: RotationRun, swap: SwapOutcome, started: number): KeyRotationResult {
    const unreadable = swap.unreadableKeys.length;
    return {
      totalEntries: swap.totalEntries,
      rotatedEntries: swap.swappedEntries,
      alreadyRotatedEntries: Math.max(0, swap.totalEntries - swap.swappedEntries - unreadable - swap.plaintextEntries),
      unreadableEntries: unreadable,
      plaintextEntries: swap.plaintextEntries,
      newKeyVersion: run.keyVersion,
      durationMilliseconds: performance.now() - started,
      errors: swap.unreadableKeys.map((key) => ({ key, message: unreadableMessage })),
      resumed: true,
    };
  }

  #run(
    store: MemoryProvider,
    oldProvider: EncryptionProvider,
    newProvider: EncryptionProvider,
    options: KeyRotationOptions,
  ): RotationRun {
    if (store instanceof EncryptedMemoryProvider)
      throw new KeyRotationError(
        'KEY_ROTATION_STORE_UNSUPPORTED',
        'Key rotation was given the encrypting decorator (EncryptedMemoryProvider): it works on the raw store under it, whose entries are sealed. Pass the store the decorator wraps.',
      );
    if (typeof store.listEntries !== 'function')
      throw new KeyRotationError(
        'KEY_ROTATION_STORE_UNSUPPORTED',
        `The store (${store.constructor.name}) cannot list its entries: key rotation works on the in-memory, SQLite and PostgreSQL memory stores.`,
      );
    const batchSize = options.batchSize ?? this.#batchSize;
    if (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
      throw new KeyRotationError(
        'KEY_ROTATION_OPTIONS_INVALID',
        `batchSize is ${batchSize}: give a whole number of entries from 1 to 10000 (default 100).`,
      );
    const keyVersion = options.newKeyVersion ?? newProvider.keyVersion;
    if (!keyVersionPattern.test(keyVersion))
      throw new KeyRotationError(
        'KEY_ROTATION_OPTIONS_INVALID',
        `The new key version '${keyVersion.slice(0, 64)}' cannot be recorded: give 1 to 64 letters, digits, '.', '_' or '-'.`,
      );
    return {
      store: store as ListableMemoryProvider,
      oldProvider,
      newProvider,
      keyVersion,
      batchSize,
      continueOnUnreadableEntries: options.continueOnUnreadableEntries ?? this.#continueOnUnreadableEntries,
      onProgress: options.onProgress,
      batch: [],
    };
  }
}

/** The rotator of the runtime, registered by `addSvcKeyRotation` with the `Svc:KeyRotation` defaults. */
export const KeyRotatorService = serviceToken<KeyRotator>('KeyRotator');

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first few keys, quoted, and how many more. */
function listed(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).map((key) => `'${key}'`);
  return keys.length > shown.length ? `${shown.join(', ')} and ${keys.length - shown.length} more` : shown.join(', ');
}
