import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import picomatch from 'picomatch';
import { redactedText } from '../config/secret-keys.js';
import { describeRights, type FileRight, type RightsToken, rightsTokens } from './file-rights.js';
import { defaultMaxFileSizeBytes } from './file-system-settings.js';
import { type MountDefinition, parseMount, validateMount } from './mount.js';
import { MountError } from './mount-error.js';
import { failure, success, type VfsResult } from './vfs-result.js';
import { normalizeVirtualPath } from './virtual-path.js';

/** A mount as agents may see it: never the physical folder. */
export interface MountInfo {
  readonly virtualPath: string;
  readonly rights: RightsToken;
  readonly overrides: readonly { readonly virtualPath: string; readonly rights: RightsToken }[];
}

export interface VfsEntry {
  /** Virtual path; directories have no trailing slash. */
  readonly path: string;
  readonly kind: 'file' | 'directory' | 'symlink' | 'other';
  readonly size: number;
}

/** A virtual path checked against the mounts, with the physical path it stands for. */
export interface ResolvedPath {
  readonly virtualPath: string;
  /** Real path on this machine (symbolic links resolved). Never show it to an agent. */
  readonly physicalPath: string;
  readonly exists: boolean;
  readonly rights: RightsToken;
}

interface ActiveMount extends Required<MountDefinition> {
  /** The physical folder with symbolic links resolved; containment is checked against it. */
  readonly realRoot: string;
}

interface Located extends ResolvedPath {
  readonly mount: ActiveMount;
  readonly stats: Stats | undefined;
  /** The path before the last component's link is followed (what delete removes). */
  readonly linkPath: string;
}

export interface VirtualFileSystemOptions {
  /** Largest file read or written. Default 50 MiB. */
  maxFileSizeBytes?: number;
  /** Folder that relative physical paths in mount strings start from. Default: the working directory. */
  baseDirectory?: string;
}

/** The most entries one listing returns. */
const listingLimit = 10_000;
const shownInputLength = 200;

/**
 * The only way Orkeon touches files. Agents speak virtual paths (`/workspace/a.txt`);
 * each resolves through the longest matching mount, is checked against the mount's
 * rights, and must stay inside the mount's real folder once `..` and symbolic links
 * are resolved. Denials are results whose messages name virtual paths only.
 *
 * The host builds one with every mount; tools get `agentView()`, in which internal
 * mounts do not exist.
 */
export class VirtualFileSystem {
  readonly maxFileSizeBytes: number;
  readonly #mounts: readonly ActiveMount[];
  readonly #audience: 'host' | 'agent';

  private constructor(mounts: readonly ActiveMount[], maxFileSizeBytes: number, audience: 'host' | 'agent') {
    this.#mounts = mounts;
    this.maxFileSizeBytes = maxFileSizeBytes;
    this.#audience = audience;
  }

  /**
   * Checks every mount (syntax, duplicate roots, folders that exist) and fails fast
   * with a `MountError` naming the mount and the fix.
   */
  static async create(
    mounts: readonly (MountDefinition | string)[],
    options: VirtualFileSystemOptions = {},
  ): Promise<VirtualFileSystem> {
    const definitions = mounts.map((mount) =>
      typeof mount === 'string'
        ? parseMount(mount, options.baseDirectory === undefined ? {} : { baseDirectory: options.baseDirectory })
        : validateMount(mount),
    );
    const byRoot = new Map<string, MountDefinition>();
    for (const mount of definitions) {
      const clash = byRoot.get(mount.virtual);
      if (clash !== undefined) {
        throw new MountError(
          `Two mounts use the virtual root '${mount.virtual}' (${clash.physical} and ${mount.physical}). Each root may be mounted once.`,
        );
      }
      byRoot.set(mount.virtual, mount);
    }
    const active = await Promise.all(
      definitions.map(async (mount): Promise<ActiveMount> => {
        let stats: Stats;
        try {
          stats = await stat(mount.physical);
        } catch {
          throw new MountError(
            `Mount '${mount.virtual}': the folder '${mount.physical}' does not exist. Create it or fix the mount.`,
          );
        }
        if (!stats.isDirectory()) {
          throw new MountError(`Mount '${mount.virtual}': '${mount.physical}' is not a folder. Mount a folder.`);
        }
        const overrides = [...(mount.overrides ?? [])].sort((a, b) => b.path.length - a.path.length);
        return {
          physical: mount.physical,
          virtual: mount.virtual,
          rights: mount.rights,
          overrides,
          visibility: mount.visibility ?? 'agent',
          realRoot: await realpath(mount.physical),
        };
      }),
    );
    // Longest virtual root first: the first match is the longest-prefix match.
    active.sort((a, b) => b.virtual.length - a.virtual.length);
    return new VirtualFileSystem(active, options.maxFileSizeBytes ?? defaultMaxFileSizeBytes, 'host');
  }

  /** The file system described by the `Svc:FileSystem` settings. */
  static fromSettings(
    settings: { Mounts: readonly string[]; InternalMounts: readonly string[]; MaxFileSizeBytes: number },
    options: { baseDirectory?: string } = {},
  ): Promise<VirtualFileSystem> {
    const parse = (text: string, visibility: 'agent' | 'internal') =>
      parseMount(
        text,
        options.baseDirectory === undefined ? { visibility } : { visibility, baseDirectory: options.baseDirectory },
      );
    return VirtualFileSystem.create(
      [
        ...settings.Mounts.map((text) => parse(text, 'agent')),
        ...settings.InternalMounts.map((text) => parse(text, 'internal')),
      ],
      { maxFileSizeBytes: settings.MaxFileSizeBytes },
    );
  }

  /** The same file system as agents see it: internal mounts neither resolve nor appear. */
  agentView(): VirtualFileSystem {
    return this.#audience === 'agent' ? this : new VirtualFileSystem(this.#mounts, this.maxFileSizeBytes, 'agent');
  }

  /** The mounts this view can reach, shortest root first, without physical folders. */
  mounts(): MountInfo[] {
    return this.#visibleMounts()
      .map((mount) => ({
        virtualPath: mount.virtual,
        rights: mount.rights,
        overrides: [...mount.overrides]
          .sort((a, b) => a.path.localeCompare(b.path))
          .map((override) => ({ virtualPath: `${mount.virtual}/${override.path}`, rights: override.rights })),
      }))
      .sort((a, b) => a.virtualPath.localeCompare(b.virtualPath));
  }

  /** Checks that `path` may be used with `right` and says where it is on this machine. */
  async resolve(path: string, right: FileRight): Promise<VfsResult<ResolvedPath>> {
    const located = await this.#locate(path);
    if (!located.ok) return located;
    const refused = this.#require(located.value, right);
    if (refused !== undefined) return refused;
    const { virtualPath, physicalPath, exists, rights } = located.value;
    return success({ virtualPath, physicalPath, exists, rights });
  }

  async exists(path: string): Promise<boolean> {
    const resolved = await this.resolve(path, 'Read');
    return resolved.ok && resolved.value.exists;
  }

  async stat(path: string): Promise<VfsResult<VfsEntry>> {
    const located = await this.#locateExisting(path, 'Read');
    if (!located.ok) return located;
    const { stats, virtualPath } = located.value;
    return success({ path: virtualPath, kind: kindOf(stats), size: stats?.size ?? 0 });
  }

  async readText(path: string): Promise<VfsResult<string>> {
    const bytes = await this.readBytes(path);
    return bytes.ok ? success(bytes.value.toString('utf8')) : bytes;
  }

  async readBytes(path: string): Promise<VfsResult<Buffer>> {
    const located = await this.#locateExisting(path, 'Read');
    if (!located.ok) return located;
    const { stats, virtualPath, physicalPath } = located.value;
    if (stats?.isDirectory())
      return failure('NOT_A_FILE', `'${virtualPath}' is a directory, not a file; list it instead.`);
    if ((stats?.size ?? 0) > this.maxFileSizeBytes)
      return failure('TOO_LARGE', this.#tooLarge(virtualPath, stats?.size ?? 0));
    return this.#io(virtualPath, async () => {
      // O_NOFOLLOW: a link swapped in after the check is refused, not followed.
      const handle = await open(physicalPath, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    });
  }

  /** Writes (or appends) UTF-8 text, creating missing folders. A new file needs Create; an existing one, Write. */
  async writeText(
    path: string,
    text: string,
    options: { append?: boolean } = {},
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>> {
    const located = await this.#locate(path);
    if (!located.ok) return located;
    const target = located.value;
    if (target.stats?.isDirectory())
      return failure('NOT_A_FILE', `'${target.virtualPath}' is a directory, not a file.`);
    const refused = this.#require(target, target.exists ? 'Write' : 'Create');
    if (refused !== undefined) return refused;
    const bytes = Buffer.byteLength(text, 'utf8');
    const total = bytes + (options.append === true ? (target.stats?.size ?? 0) : 0);
    if (total > this.maxFileSizeBytes) return failure('TOO_LARGE', this.#tooLarge(target.virtualPath, total));
    return this.#io(target.virtualPath, async () => {
      await mkdir(dirname(target.physicalPath), { recursive: true });
      const mode = options.append === true ? constants.O_APPEND : constants.O_TRUNC;
      const handle = await open(
        target.physicalPath,
        constants.O_WRONLY | constants.O_CREAT | mode | constants.O_NOFOLLOW,
      );
      try {
        await handle.writeFile(text, 'utf8');
      } finally {
        await handle.close();
      }
      return { path: target.virtualPath, bytesWritten: bytes, created: !target.exists };
    });
  }

  async createDirectory(path: string): Promise<VfsResult<{ path: string }>> {
    const located = await this.#locate(path);
    if (!located.ok) return located;
    const target = located.value;
    if (target.exists) {
      return target.stats?.isDirectory()
        ? success({ path: target.virtualPath })
        : failure('NOT_A_DIRECTORY', `'${target.virtualPath}' exists and is not a directory.`);
    }
    const refused = this.#require(target, 'Create');
    if (refused !== undefined) return refused;
    return this.#io(target.virtualPath, async () => {
      await mkdir(target.physicalPath, { recursive: true });
      return { path: target.virtualPath };
    });
  }

  /** Deletes a file, a symbolic link (not its target) or, with `recursive`, a directory. Needs Delete. */
  async delete(path: string, options: { recursive?: boolean } = {}): Promise<VfsResult<{ path: string }>> {
    const located = await this.#locateExisting(path, 'Delete');
    if (!located.ok) return located;
    const target = located.value;
    const relative = target.virtualPath.slice(target.mount.virtual.length + 1);
    if (relative === '' || target.mount.overrides.some((override) => override.path === relative)) {
      // Removing a root would change the folder above it, whose rights may differ.
      return failure(
        'ACCESS_DENIED',
        `Access denied for '${target.virtualPath}': a mount or sub-path root cannot be deleted.`,
      );
    }
    return this.#io(target.virtualPath, async () => {
      const link = await lstat(target.linkPath);
      if (link.isSymbolicLink()) await unlink(target.linkPath);
      else if (link.isDirectory() && options.recursive !== true) {
        const children = await readdir(target.physicalPath);
        if (children.length > 0) throw Object.assign(new Error('not empty'), { code: 'ENOTEMPTY' });
        await rm(target.physicalPath, { recursive: true });
      } else await rm(target.physicalPath, { recursive: options.recursive === true });
      return { path: target.virtualPath };
    });
  }

  /**
   * Lists a directory: direct children, or every entry below it with `recursive`
   * (symbolic links are listed, never followed). `pattern` is a glob; without a
   * `/` it matches names (`*.md`), with one it matches paths below the directory.
   */
  async list(
    path: string,
    options: { recursive?: boolean; pattern?: string; limit?: number } = {},
  ): Promise<VfsResult<{ entries: VfsEntry[]; truncated: boolean }>> {
    const located = await this.#locateExisting(path, 'Read');
    if (!located.ok) return located;
    const root = located.value;
    if (!root.stats?.isDirectory())
      return failure('NOT_A_DIRECTORY', `'${root.virtualPath}' is a file, not a directory.`);
    const limit = Math.min(options.limit ?? listingLimit, listingLimit);
    const matches =
      options.pattern === undefined || options.pattern === ''
        ? () => true
        : picomatch(options.pattern, { dot: true, basename: !options.pattern.includes('/') });
    const entries: VfsEntry[] = [];
    let truncated = false;
    const prefix = root.virtualPath === '/' ? '' : root.virtualPath;
    const walk = async (physical: string, relative: string): Promise<void> => {
      const children = (await readdir(physical, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      for (const child of children) {
        if (entries.length >= limit) {
          truncated = true;
          return;
        }
        const childRelative = relative === '' ? child.name : `${relative}/${child.name}`;
        const childPhysical = join(physical, child.name);
        const kind: VfsEntry['kind'] = child.isSymbolicLink()
          ? 'symlink'
          : child.isDirectory()
            ? 'directory'
            : child.isFile()
              ? 'file'
              : 'other';
        if (matches(childRelative)) {
          const size = kind === 'file' ? (await lstat(childPhysical)).size : 0;
          entries.push({ path: `${prefix}/${childRelative}`, kind, size });
        }
        if (options.recursive === true && kind === 'directory') await walk(childPhysical, childRelative);
      }
    };
    return this.#io(root.virtualPath, async () => {
      await walk(root.physicalPath, '');
      return { entries, truncated };
    });
  }

  /**
   * Rewrites physical folders in a text (a process's output) to the virtual paths
   * agents know; internal mounts become `[REDACTED]`.
   */
  toVirtualText(text: string): string {
    return this.#replaceRoots(text, (mount) => (mount.visibility === 'internal' ? redactedText : mount.virtual));
  }

  /**
   * Hides physical folders in a message: each becomes `[REDACTED]`, except an identity
   * mount spelled the same on both sides (`/output:/output:rw`), which reveals nothing.
   */
  redact(text: string): string {
    return this.#replaceRoots(text, (mount) => (mount.physical === mount.virtual ? mount.virtual : redactedText));
  }

  #replaceRoots(text: string, replacement: (mount: ActiveMount) => string): string {
    const roots = this.#mounts
      .flatMap((mount) => [mount.realRoot, mount.physical].map((root) => ({ root, mount })))
      .sort((a, b) => b.root.length - a.root.length);
    let result = text;
    for (const { root, mount } of roots) {
      if (!result.includes(root)) continue;
      const pattern = new RegExp(`${escapeRegExp(root)}(?=$|[/\\s'":,;)\\]}])`, 'g');
      result = result.replace(pattern, replacement(mount));
    }
    return result;
  }

  #visibleMounts(): readonly ActiveMount[] {
    return this.#audience === 'host' ? this.#mounts : this.#mounts.filter((mount) => mount.visibility === 'agent');
  }

  async #locateExisting(path: string, right: FileRight): Promise<VfsResult<Located>> {
    const located = await this.#locate(path);
    if (!located.ok) return located;
    const refused = this.#require(located.value, right);
    if (refused !== undefined) return refused;
    if (!located.value.exists) return failure('NOT_FOUND', `'${located.value.virtualPath}' does not exist.`);
    return located;
  }

  async #locate(input: string): Promise<VfsResult<Located>> {
    const shown = this.redact(String(input).slice(0, shownInputLength));
    const normalized = normalizeVirtualPath(input);
    if (!normalized.ok) return failure('INVALID_PATH', `Invalid path '${shown}': ${normalized.reason}.`);
    const virtualPath = normalized.path;
    const mount = this.#visibleMounts().find(
      (candidate) => virtualPath === candidate.virtual || virtualPath.startsWith(`${candidate.virtual}/`),
    );
    if (mount === undefined) {
      const available = this.mounts().map((info) => info.virtualPath);
      return failure(
        'NO_MOUNT',
        `No mount found for virtual path '${this.redact(virtualPath)}'. Available mounts: ${available.length === 0 ? '(none)' : available.join(', ')}`,
      );
    }
    const relative = virtualPath.slice(mount.virtual.length + 1);
    const rights =
      mount.overrides.find((override) => relative === override.path || relative.startsWith(`${override.path}/`))
        ?.rights ?? mount.rights;
    const contained = await this.#contain(mount, relative, virtualPath);
    if (!contained.ok) return contained;
    return success({ virtualPath, rights, mount, ...contained.value });
  }

  /**
   * Follows the path on disk as far as it exists and checks that, once symbolic links
   * are resolved, it is still inside the mount's real folder.
   */
  async #contain(
    mount: ActiveMount,
    relative: string,
    virtualPath: string,
  ): Promise<VfsResult<{ physicalPath: string; linkPath: string; exists: boolean; stats: Stats | undefined }>> {
    const linkPath = relative === '' ? mount.realRoot : join(mount.realRoot, ...relative.split('/'));
    const missing: string[] = [];
    let probe = linkPath;
    for (;;) {
      try {
        await lstat(probe);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'ENOENT' && code !== 'ENOTDIR') || probe === mount.realRoot) {
          return failure('IO_ERROR', `Cannot reach '${virtualPath}': ${this.redact(String((error as Error).message))}`);
        }
        missing.unshift(basename(probe));
        probe = dirname(probe);
      }
    }
    let real: string;
    try {
      real = await realpath(probe);
    } catch {
      return failure('OUTSIDE_MOUNT', `Access denied for '${virtualPath}': it is a symbolic link that leads nowhere.`);
    }
    if (real !== mount.realRoot && !real.startsWith(`${mount.realRoot}${sep}`)) {
      return failure(
        'OUTSIDE_MOUNT',
        `Access denied for '${virtualPath}': it leads outside its mount ${mount.virtual} through a symbolic link.`,
      );
    }
    const exists = missing.length === 0;
    const physicalPath = exists ? real : join(real, ...missing);
    return this.#io(virtualPath, async () => ({
      physicalPath,
      linkPath,
      exists,
      stats: exists ? await stat(real) : undefined,
    }));
  }

  #require(located: Located, right: FileRight): VfsResult<never> | undefined {
    if (rightsTokens[located.rights].includes(right)) return undefined;
    return failure(
      'ACCESS_DENIED',
      `Access denied for '${located.virtualPath}': required ${right}, effective ${describeRights(located.rights)}.`,
    );
  }

  #tooLarge(virtualPath: string, size: number): string {
    return `File '${virtualPath}' would be ${formatSize(size)}; the limit is ${formatSize(this.maxFileSizeBytes)} (Svc:FileSystem:MaxFileSizeBytes).`;
  }

  async #io<T>(virtualPath: string, work: () => Promise<T>): Promise<VfsResult<T>> {
    try {
      return success(await work());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason =
        code === 'ENOENT'
          ? 'it does not exist'
          : code === 'ENOTEMPTY'
            ? 'the directory is not empty (delete it recursively)'
            : code === 'ELOOP'
              ? 'it became a symbolic link while being opened'
              : code === 'ENOTDIR'
                ? 'a part of the path is a file, not a directory'
                : code === 'ENOSPC'
                  ? 'the disk is full'
                  : this.toVirtualText(String((error as Error).message));
      return failure(code === 'ENOENT' ? 'NOT_FOUND' : 'IO_ERROR', `Cannot use '${virtualPath}': ${reason}.`);
    }
  }
}

function kindOf(stats: Stats | undefined): VfsEntry['kind'] {
  if (stats === undefined) return 'other';
  return stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other';
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
