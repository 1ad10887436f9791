/**
 * How much the permission gate lets through without asking:
 * - `bypassPermissions`: everything;
 * - `plan`: reads only, everything else is denied;
 * - `acceptEdits`: reads and file edits; asks for the rest (shell, network, unknown tools);
 * - `default`: asks for everything.
 */
export const permissionModes = ['bypassPermissions', 'plan', 'acceptEdits', 'default'] as const;

export type PermissionMode = (typeof permissionModes)[number];

export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (permissionModes as readonly string[]).includes(value);
}
