import { dirname } from 'node:path';
import {
  type Configuration,
  type FileSystem,
  fileSystemSettings,
  type MountDefinition,
  parseMount,
  VirtualFileSystem,
} from '@orkeon/core';

/**
 * The file system plugins are found in, built as `createRuntime` builds its own: the
 * mounts of `Svc:FileSystem` (relative to the settings file), where a given mount on the
 * same virtual root replaces the settings' one, and the internal mounts.
 */
export function pluginFileSystem(
  configuration: Configuration,
  mounts: readonly (MountDefinition | string)[],
  baseDirectory: string | undefined,
): Promise<FileSystem> {
  const files = configuration.get(fileSystemSettings);
  const settingsFolder = configuration.settingsFile === undefined ? undefined : dirname(configuration.settingsFile);
  const fromSettings = (text: string, visibility: 'agent' | 'internal') =>
    parseMount(text, settingsFolder === undefined ? { visibility } : { visibility, baseDirectory: settingsFolder });
  const given = mounts.map((mount) =>
    typeof mount === 'string' ? parseMount(mount, baseDirectory === undefined ? {} : { baseDirectory }) : mount,
  );
  const roots = new Set(given.map((mount) => mount.virtual));
  return VirtualFileSystem.create(
    [
      ...files.Mounts.map((text) => fromSettings(text, 'agent')).filter((mount) => !roots.has(mount.virtual)),
      ...given,
      ...files.InternalMounts.map((text) => fromSettings(text, 'internal')),
    ],
    { maxFileSizeBytes: files.MaxFileSizeBytes },
  );
}
