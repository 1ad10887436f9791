import type { MemoryItem, MemoryProvider } from '@orkeon/core';
import { KeyRotationError } from './key-rotation-error.js';

/** The entry that records a rotation's progress, in plain JSON (never encrypted). */
export const rotationStateKey = '__orkeon.key-rotation.state';
/** Appended to an entry's key for its re-encrypted copy during staging. */
export const stagingSuffix = '::rotation-staging';

/** The phases the marker records: staging, then committing (the swap), then completed; or rolled_back after a failed staging. */
export const rotationPhases = ['staging', 'committing', 'completed', 'rolled_back'] as const;
export type RotationPhase = (typeof rotationPhases)[number];

/** The state marker's JSON, field names as the reference brief writes them. */
export interface RotationState {
  readonly phase: RotationPhase;
  readonly key_version: string;
  readonly started_at_utc: string;
  readonly completed_at_utc: string | null;
}

/** True for the key of a staged copy. */
export function isStagingKey(key: string): boolean {
  return key.endsWith(stagingSuffix);
}

/** The key of the staged copy of the entry `key`. */
export function stagingKeyOf(key: string): string {
  return `${key}${stagingSuffix}`;
}

/** The key of the entry a staged copy belongs to. */
export function originalKeyOf(stagingKey: string): string {
  return stagingKey.slice(0, -stagingSuffix.length);
}

/** The marker of `store`, or undefined when no rotation ever ran on it. */
export async function readRotationState(store: MemoryProvider): Promise<RotationState | undefined> {
  const item = await store.get(rotationStateKey);
  if (item === undefined) return undefined;
  let state: Partial<RotationState> | undefined;
  try {
    state = JSON.parse(item.content) as Partial<RotationState>;
  } catch {
    state = undefined;
  }
  if (
    typeof state !== 'object' ||
    state === null ||
    !rotationPhases.includes(state.phase as RotationPhase) ||
    typeof state.key_version !== 'string' ||
    typeof state.started_at_utc !== 'string'
  )
    throw new KeyRotationError(
      'KEY_ROTATION_STATE_INVALID',
      `The entry '${rotationStateKey}' is not a key rotation state marker: something else wrote that key. Move that entry away, then rotate again.`,
      [rotationStateKey],
    );
  return {
    phase: state.phase as RotationPhase,
    key_version: state.key_version,
    started_at_utc: state.started_at_utc,
    completed_at_utc: typeof state.completed_at_utc === 'string' ? state.completed_at_utc : null,
  };
}

/** Writes the marker (one write of its own). */
export async function writeRotationState(store: MemoryProvider, state: RotationState, now: Date): Promise<void> {
  const item: MemoryItem = {
    id: rotationStateKey,
    content: JSON.stringify(state),
    type: 'procedural',
    importance: 0,
    metadata: {
      createdAt: now.toISOString(),
      source: 'orkeon-key-rotation',
      tags: [],
      accessCount: 0,
      customProperties: {},
    },
  };
  await store.store(rotationStateKey, item);
}
