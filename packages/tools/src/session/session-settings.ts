import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

const count = (maximum: number, fallback: number, what: string) =>
  z.number().int().min(1).max(maximum).default(fallback).describe(what);

/** `Svc:Tools:Session`: how much the run's scratch store and its snips may hold. */
export const sessionSettings = defineSettingsSection(
  'Svc:Tools:Session',
  z.object({
    MaxStoreEntries: count(10_000, 100, 'Most keys session_store holds for one run; a new key past it is refused.'),
    MaxStoreValueCharacters: count(
      1_000_000,
      10_000,
      'Longest value session_store keeps under one key; a longer one is refused, not cut.',
    ),
    MaxStoreTotalCharacters: count(
      10_000_000,
      200_000,
      'Most characters (keys and values) session_store holds for one run; a write past it is refused.',
    ),
    MaxSnips: count(10_000, 50, 'Most named excerpts session_snip keeps for one run; a new name past it is refused.'),
    MaxSnipCharacters: count(
      1_000_000,
      20_000,
      'Longest excerpt session_snip keeps; a longer one is refused, not cut.',
    ),
  }),
  {
    description:
      'The session tools: the bounds of the in-memory scratch store (session_store) and of the named excerpts (session_snip) of one run.',
  },
);

/** The bound `Svc:Tools:Session` settings, defaults applied. */
export type SessionSettings = z.output<typeof sessionSettings.schema>;

/** The settings as written: every key optional. */
export type SessionSettingsInput = z.input<typeof sessionSettings.schema>;

/** Applies the defaults to settings written in code; a bad value throws a `ConfigurationError` naming the key. */
export function bindSessionSettings(settings: SessionSettingsInput = {}): SessionSettings {
  return bindSettingsInCode(sessionSettings, settings);
}
