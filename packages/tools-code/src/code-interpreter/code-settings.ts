import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

const mebibyte = 1024 * 1024;

/** `Svc:Tools:Code`: whether `code_interpreter` exists and the limits every call runs under. */
export const codeSettings = defineSettingsSection(
  'Svc:Tools:Code',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('Offer code_interpreter when the code family is registered. False leaves the family empty.'),
    TimeoutMilliseconds: z
      .number()
      .int()
      .min(10)
      .max(600_000)
      .default(5_000)
      .describe(
        'Time one call may run, promise jobs included; then the interrupt handler stops the code. The engine start of a cold worker is not counted.',
      ),
    MemoryLimitBytes: z
      .number()
      .int()
      .min(mebibyte)
      .max(1024 * mebibyte)
      .default(64 * mebibyte)
      .describe(
        'Memory the code may allocate. The sandbox WebAssembly memory is capped at this plus 16 MiB for the engine itself.',
      ),
    MaxStackBytes: z
      .number()
      .int()
      .min(64 * 1024)
      .max(mebibyte)
      .default(256 * 1024)
      .describe(
        'Stack the code may use; deeper recursion ends the call with a stack limit result. The worker thread gets a native stack large enough for it.',
      ),
    MaxOutputCharacters: z
      .number()
      .int()
      .min(100)
      .max(1_000_000)
      .default(20_000)
      .describe('Characters kept of the console output and of the result, each; the rest is cut and the cut is said.'),
    MaxCodeCharacters: z
      .number()
      .int()
      .min(100)
      .max(10_000_000)
      .default(200_000)
      .describe('Longest code a call accepts; longer code is refused before it runs.'),
    MaxInputCharacters: z
      .number()
      .int()
      .min(2)
      .max(100_000_000)
      .default(1_000_000)
      .describe('Longest `input` a call accepts, measured as JSON text; a larger value is refused before it runs.'),
    MaxConcurrentRuns: z
      .number()
      .int()
      .min(1)
      .max(64)
      .default(2)
      .describe('Calls that run at the same time, each in its own worker thread; more calls wait their turn.'),
  }),
  {
    description:
      'The code_interpreter tool: JavaScript and TypeScript in a QuickJS WebAssembly sandbox, with its time, memory, stack and output limits.',
  },
);

/** The bound `Svc:Tools:Code` settings, defaults applied. */
export type CodeSettings = z.output<typeof codeSettings.schema>;

/** The settings as written: every key optional. */
export type CodeSettingsInput = z.input<typeof codeSettings.schema>;

/**
 * Applies the defaults to settings written in code and checks them as the
 * configuration would; a bad value (e.g. a stack of 10 MiB) throws a
 * `ConfigurationError` naming the key, before any tool exists.
 */
export function bindCodeSettings(settings: CodeSettingsInput = {}): CodeSettings {
  return bindSettingsInCode(codeSettings, settings);
}
