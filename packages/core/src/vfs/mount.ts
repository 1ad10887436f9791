import { isAbsolute, resolve } from 'node:path';
import { isRightsToken, type RightsToken, rightsTokens } from './file-rights.js';
import { MountError } from './mount-error.js';
import { normalizeVirtualPath } from './virtual-path.js';

/** A folder of the machine shown to agents under a virtual path, with rights. */
export interface MountDefinition {
  /** Absolute folder on this machine. Never shown to agents. */
  readonly physical: string;
  /** Where agents see it, e.g. `/workspace`. */
  readonly virtual: string;
  readonly rights: RightsToken;
  /** Different rights below the mount: `{ path: 'out', rights: 'rw' }` (relative to the mount). */
  readonly overrides?: readonly { readonly path: string; readonly rights: RightsToken }[];
  /** `internal` mounts serve the host (logs, credentials) and are never reachable by agents. */
  readonly visibility?: 'agent' | 'internal';
}

const rightsHint = `Rights are ${Object.keys(rightsTokens).join(', ')} (ro: read; rw: read, write, create, delete; rwnd: rw without delete).`;

/**
 * Parses `physical:virtual:rights[;subpath:rights…]`, e.g.
 * `./data:/workspace:ro;out:rw`. Splitting starts from the right, so a Windows
 * drive letter on the physical side is fine. Relative physical folders are taken
 * from `baseDirectory`.
 */
export function parseMount(
  text: string,
  options: { baseDirectory?: string; visibility?: 'agent' | 'internal' } = {},
): MountDefinition {
  const [main = '', ...overrideTexts] = text.split(';');
  const rightsAt = main.lastIndexOf(':');
  const virtualAt = rightsAt <= 0 ? -1 : main.lastIndexOf(':', rightsAt - 1);
  if (rightsAt <= 0 || virtualAt <= 0) {
    throw new MountError(
      `Mount '${text}' must be written physical:virtual:rights, e.g. ./data:/workspace:ro. ${rightsHint}`,
    );
  }
  const physical = main.slice(0, virtualAt);
  const virtual = main.slice(virtualAt + 1, rightsAt);
  const drive = /:([A-Za-z])$/.exec(physical);
  if (drive !== null) {
    throw new MountError(
      `Mount '${text}': the virtual path '${drive[1]}:${virtual}' is a drive letter. Virtual paths are Unix-style and start with '/', e.g. /workspace.`,
    );
  }
  const rights = main.slice(rightsAt + 1);
  if (!isRightsToken(rights)) {
    throw new MountError(`Mount '${text}' has unknown rights '${rights}'. ${rightsHint}`);
  }
  const overrides = overrideTexts.map((override) => parseOverride(override, virtual, text));
  return validateMount(
    {
      physical: isAbsolute(physical) ? physical : resolve(options.baseDirectory ?? process.cwd(), physical),
      virtual,
      rights,
      overrides,
      visibility: options.visibility ?? 'agent',
    },
    text,
  );
}

function parseOverride(text: string, virtualRoot: string, mountText: string): { path: string; rights: RightsToken } {
  const at = text.lastIndexOf(':');
  const path = at < 0 ? '' : text.slice(0, at).trim();
  const rights = at < 0 ? '' : text.slice(at + 1).trim();
  if (path === '' || !isRightsToken(rights)) {
    throw new MountError(
      `Mount '${mountText}' has a bad sub-path override '${text}': write it subpath:rights, e.g. out:rw. ${rightsHint}`,
    );
  }
  // `/workspace/out:rw` and `out:rw` mean the same sub-path.
  const relative = path.startsWith(`${virtualRoot}/`) ? path.slice(virtualRoot.length + 1) : path;
  return { path: relative, rights };
}

/** Checks a mount definition and returns it with its virtual path and overrides normalised. */
export function validateMount(
  mount: MountDefinition,
  source = `${mount.physical}:${mount.virtual}:${mount.rights}`,
): MountDefinition {
  if (!isRightsToken(mount.rights)) {
    throw new MountError(`Mount '${source}' has unknown rights '${String(mount.rights)}'. ${rightsHint}`);
  }
  if (/^[A-Za-z]:/.test(mount.virtual)) {
    throw new MountError(
      `Mount '${source}': the virtual path '${mount.virtual}' is a drive letter. Virtual paths are Unix-style and start with '/', e.g. /workspace.`,
    );
  }
  if (!mount.virtual.startsWith('/')) {
    throw new MountError(
      `Mount '${source}': the virtual path '${mount.virtual}' is relative. Virtual paths start with '/', e.g. /${mount.virtual.replace(/^\.?\/*/, '') || 'workspace'}.`,
    );
  }
  const normalized = normalizeVirtualPath(mount.virtual);
  if (!normalized.ok) throw new MountError(`Mount '${source}': ${normalized.reason}`);
  if (normalized.path === '/') {
    throw new MountError(`Mount '${source}' cannot be mounted at '/'; mount it at a named folder such as /workspace.`);
  }
  if (mount.physical.trim() === '' || mount.physical.includes('\0')) {
    throw new MountError(`Mount '${source}' has no usable physical folder.`);
  }
  const seen = new Set<string>();
  const overrides = (mount.overrides ?? []).map((override) => {
    const path = normalizeVirtualPath(`/${override.path}`);
    if (!path.ok || path.path === '/') {
      throw new MountError(
        `Mount '${source}' has a bad sub-path '${override.path}': ${path.ok ? 'it is the mount itself' : path.reason}`,
      );
    }
    const relative = path.path.slice(1);
    if (seen.has(relative))
      throw new MountError(`Mount '${source}' overrides the sub-path '${relative}' twice. Keep one.`);
    seen.add(relative);
    if (!isRightsToken(override.rights)) {
      throw new MountError(
        `Mount '${source}' has unknown rights '${String(override.rights)}' for '${relative}'. ${rightsHint}`,
      );
    }
    return { path: relative, rights: override.rights };
  });
  return {
    physical: resolve(mount.physical),
    virtual: normalized.path,
    rights: mount.rights,
    overrides,
    visibility: mount.visibility ?? 'agent',
  };
}
