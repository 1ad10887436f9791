import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';
import { permissionModes } from './permission-mode.js';

export const permissionGateSettings = defineSettingsSection(
  'Svc:Security:PermissionGate',
  z.object({
    Enabled: z
      .boolean()
      .default(false)
      .describe('Turns the gate on. Without it no gate exists and every tool call goes through.'),
    Mode: z
      .enum(permissionModes)
      .default('default')
      .describe('Mode used when a call does not choose one (`act` option `permissionMode`).'),
    Interactive: z
      .boolean()
      .default(true)
      .describe(
        'Let an interactive channel (the host callback, a terminal prompt) answer asks; false treats every ask as headless.',
      ),
  }),
  { description: 'The permission gate consulted before every tool execution.' },
);
