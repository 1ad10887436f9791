import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';

export const defaultMaxFileSizeBytes = 50 * 1024 * 1024;

export const fileSystemSettings = defineSettingsSection(
  'Svc:FileSystem',
  z.object({
    Mounts: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Agent-facing mounts, each `physical:virtual:rights[;subpath:rights…]`, e.g. `./data:/workspace:ro;out:rw`.',
      ),
    InternalMounts: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Mounts for the host only (logs, credentials): they resolve for the framework and are unreachable and invisible to agents.',
      ),
    MaxFileSizeBytes: z
      .number()
      .int()
      .min(1)
      .default(defaultMaxFileSizeBytes)
      .describe('Largest file that may be read or written through the virtual file system.'),
  }),
  { description: 'The virtual file system: what agents may see, read and write.' },
);
