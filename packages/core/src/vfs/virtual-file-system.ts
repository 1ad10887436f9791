// One file over 300 lines: every operation of the agents' file system goes through the same
// locate-then-check-rights steps of one mount table; the I/O itself lives in file-content.ts and its neighbours.
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { listDirectory } from './directory-listing.js';
import { removeEntry } from './entry-removal.js';
import { openChecked, readChecked, tooLargeMessage, writeChecked } from './file-content.js';
import type { FileRight } from './file-rights.js';
import type { FileSystem, MountInfo, ResolvedPath, VfsEntry } from './file-system.js';
import { defaultMaxFileSizeBytes } from './file-system-settings.js';
import { type MountDefinition, parseMount, validateMount } from './mount.js';
import { type Located, MountResolver } from './mount-resolution.js';
import { type Audience, MountTable } from './mount-table.js';
import { PathRedaction } from './path-redaction.js';
import { runIo } from './vfs-io.js';
import { failure, success, type VfsResult } from './vfs-result.js';

export type { MountInfo, ResolvedPath, VfsEntry } from './file-system.js';

interface Internals {
  readonly table: MountTable;
  readonly audience: Audience;
  readonly redaction: PathRedaction;
  readonly resolver: MountResolver;
}

export interface VirtualFileSystemOptions {
  /** Largest file read or written. Default 50 MiB. */
  maxFileSizeBytes?: number;
  /** Folder that relative physical paths in mount strings start from. Default: the working directory. */
  baseDirectory?: string;
}

/**
 * The only way Orkeon touches files. Agents speak virtual paths (`/workspace/a.txt`).
 * A path starts in the mount with the longest matching virtual root and is followed
 * on disk, links included; the mount and sub-path where it really lands decide the
 * rights, and it must land in a mount this view can see. Denials are results whose
 * messages name virtual paths only.
 *
 * The host builds one with every mount; tools get `agentView()`, in which internal
 * mounts do not exist. The work is split by concern: `MountTable` (mounts and where a
 * real path lies), `MountResolver` (following a path and judging rights),
 * `listDirectory`, `removeEntry`, `readChecked`/`writeChecked`, `PathRedaction`.
 */
export class VirtualFileSystem implements FileSystem {
  readonly maxFileSizeBytes: number;
  readonly #in: Internals;

  private constructor(table: MountTable, maxFileSizeBytes: number, audience: Audience, redaction?: PathRedaction) {
    this.maxFileSizeBytes = maxFileSizeBytes;
    const ownRedaction = redaction ?? new PathRedaction(table.mounts);
    this.#in = {
      table,
      audience,
      redaction: ownRedaction,
      resolver: new MountResolver(table, audience, (text) => ownRedaction.redact(text)),
    };
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
    const table = await MountTable.activate(definitions);
    return new VirtualFileSystem(table, options.maxFileSizeBytes ?? defaultMaxFileSizeBytes, 'host');
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
    return this.#in.audience === 'agent'
      ? this
      : new VirtualFileSystem(this.#in.table, this.maxFileSizeBytes, 'agent', this.#in.redaction);
  }

  /** The mounts this view can reach, sorted by virtual path, without physical folders. */
  mounts(): MountInfo[] {
    return this.#in.table
      .visible(this.#in.audience)
      .map((mount) => ({
        virtualPath: mount.virtual,
        rights: mount.rights,
        overrides: [...mount.overrides]
          .sort((a, b) => a.path.localeCompare(b.path))
          .map((override) => ({ virtualPath: `${mount.virtual}/${override.path}`, rights: override.rights })),
      }))
      .sort((a, b) => a.virtualPath.localeCompare(b.virtualPath));
  }

  /**
   * Checks that `path` may be used with `right` and says where it is on this machine.
   * The rights are those of where the path lands (see `docs/vfs.md`).
   */
  async resolve(path: string, right: FileRight): Promise<VfsResult<ResolvedPath>> {
    const located = await locate(this.#in.resolver, path, right);
    if (!located.ok) return located;
    const { virtualPath, physicalPath, exists, place } = located.value;
    return success({ virtualPath, physicalPath, exists, rights: place.rights });
  }

  async exists(path: string): Promise<boolean> {
    const resolved = await this.resolve(path, 'Read');
    return resolved.ok && resolved.value.exists;
  }

  async stat(path: string): Promise<VfsResult<VfsEntry>> {
    const located = await locateExisting(this.#in.resolver, path, 'Read');
    if (!located.ok) return located;
    const { stats, virtualPath } = located.value;
    const kind = stats?.isDirectory() ? 'directory' : stats?.isFile() ? 'file' : 'other';
    return success({ path: virtualPath, kind, size: stats?.size ?? 0 });
  }

  async readText(path: string): Promise<VfsResult<string>> {
    const bytes = await this.readBytes(path);
    return bytes.ok ? success(bytes.value.toString('utf8')) : bytes;
  }

  async readBytes(path: string): Promise<VfsResult<Buffer>> {
    const located = await locateExisting(this.#in.resolver, path, 'Read');
    if (!located.ok) return located;
    const { stats, virtualPath, physicalPath } = located.value;
    if (stats?.isDirectory())
      return failure('NOT_A_FILE', `'${virtualPath}' is a directory, not a file; list it instead.`);
    if ((stats?.size ?? 0) > this.maxFileSizeBytes)
      return failure('TOO_LARGE', tooLargeMessage(virtualPath, stats?.size ?? 0, this.maxFileSizeBytes));
    return settle(this, virtualPath, () => readChecked(physicalPath, virtualPath, this.maxFileSizeBytes));
  }

  /**
   * Opens a file for a streamed read: the rights and checks of `readBytes`, without its
   * whole-file size limit (the stream holds one chunk at a time). Destroy the stream
   * when stopping early; it closes the file either way.
   */
  async openRead(path: string): Promise<VfsResult<{ path: string; size: number; stream: Readable }>> {
    const located = await locateExisting(this.#in.resolver, path, 'Read');
    if (!located.ok) return located;
    const { stats, virtualPath, physicalPath } = located.value;
    if (stats?.isDirectory())
      return failure('NOT_A_FILE', `'${virtualPath}' is a directory, not a file; list it instead.`);
    const opened = await settle(this, virtualPath, () => openChecked(physicalPath, virtualPath));
    if (!opened.ok) return opened;
    const size = (await opened.value.stat()).size;
    return success({ path: virtualPath, size, stream: opened.value.createReadStream() });
  }

  /**
   * Writes (or appends) UTF-8 text, creating missing folders. A new file needs Create
   * in every folder it creates something in; an existing one, Write where it lies.
   */
  writeText(
    path: string,
    text: string,
    options: { append?: boolean } = {},
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>> {
    return this.#write(path, text, options.append === true);
  }

  /** Writes bytes (a document, an attachment) with the rights and limits of `writeText`; replaces the file. */
  writeBytes(
    path: string,
    bytes: Uint8Array,
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>> {
    return this.#write(path, bytes, false);
  }

  async #write(
    path: string,
    content: string | Uint8Array,
    append: boolean,
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>> {
    const located = await this.#in.resolver.locate(path);
    if (!located.ok) return located;
    const target = located.value;
    if (target.stats?.isDirectory())
      return failure('NOT_A_FILE', `'${target.virtualPath}' is a directory, not a file.`);
    const refused = await this.#in.resolver.require(target, target.exists ? 'Write' : 'Create');
    if (refused !== undefined) return refused;
    const length = typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
    const total = length + (append ? (target.stats?.size ?? 0) : 0);
    if (total > this.maxFileSizeBytes)
      return failure('TOO_LARGE', tooLargeMessage(target.virtualPath, total, this.maxFileSizeBytes));
    const written = await settle(this, target.virtualPath, () =>
      writeChecked(target.physicalPath, target.virtualPath, content, {
        append,
        create: !target.exists,
        maxBytes: this.maxFileSizeBytes,
      }),
    );
    return written.ok
      ? success({ path: target.virtualPath, bytesWritten: written.value, created: !target.exists })
      : written;
  }

  async createDirectory(path: string): Promise<VfsResult<{ path: string }>> {
    const located = await this.#in.resolver.locate(path);
    if (!located.ok) return located;
    const target = located.value;
    if (target.exists) {
      return target.stats?.isDirectory()
        ? success({ path: target.virtualPath })
        : failure('NOT_A_DIRECTORY', `'${target.virtualPath}' exists and is not a directory.`);
    }
    const refused = await this.#in.resolver.require(target, 'Create');
    if (refused !== undefined) return refused;
    return runIo(
      target.virtualPath,
      async () => {
        await mkdir(target.physicalPath, { recursive: true });
        return { path: target.virtualPath };
      },
      (text) => this.toVirtualText(text),
    );
  }

  /**
   * Deletes a file, a symbolic link (the link, not its target) or, with `recursive`, a
   * directory. Needs Delete where the entry itself lies: in its folder's real place.
   */
  async delete(path: string, options: { recursive?: boolean } = {}): Promise<VfsResult<{ path: string }>> {
    const entry = await this.#in.resolver.locateEntry(path);
    if (!entry.ok) return entry;
    return settle(this, entry.value.virtualPath, () =>
      removeEntry(entry.value, options.recursive === true, this.#in.table),
    );
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
    const located = await locateExisting(this.#in.resolver, path, 'Read');
    if (!located.ok) return located;
    const root = located.value;
    if (!root.stats?.isDirectory())
      return failure('NOT_A_DIRECTORY', `'${root.virtualPath}' is a file, not a directory.`);
    return runIo(
      root.virtualPath,
      () => listDirectory(root.physicalPath, root.virtualPath, options, (real) => this.#in.resolver.placeOf(real)),
      (text) => this.toVirtualText(text),
    );
  }

  /**
   * Rewrites physical folders in a text (a process's output) to the virtual paths
   * agents know; internal mounts, and neighbouring folders that merely start like a
   * mount, become `[REDACTED]`. Every occurrence is rewritten, whatever follows it.
   */
  toVirtualText(text: string): string {
    return this.#in.redaction.toVirtualText(text);
  }

  /**
   * Hides physical folders in a message: each becomes `[REDACTED]`, except an identity
   * mount spelled the same on both sides (`/output:/output:rw`), which reveals nothing.
   */
  redact(text: string): string {
    return this.#in.redaction.redact(text);
  }
}

async function locate(resolver: MountResolver, path: string, right: FileRight): Promise<VfsResult<Located>> {
  const located = await resolver.locate(path);
  if (!located.ok) return located;
  const refused = await resolver.require(located.value, right);
  return refused ?? located;
}

async function locateExisting(resolver: MountResolver, path: string, right: FileRight): Promise<VfsResult<Located>> {
  const located = await locate(resolver, path, right);
  if (located.ok && !located.value.exists)
    return failure('NOT_FOUND', `'${located.value.virtualPath}' does not exist.`);
  return located;
}

/** Runs checked file work whose own refusals are results, mapping what the system throws. */
async function settle<T>(
  fileSystem: FileSystem,
  virtualPath: string,
  work: () => Promise<VfsResult<T>>,
): Promise<VfsResult<T>> {
  const settled = await runIo(virtualPath, work, (text) => fileSystem.toVirtualText(text));
  return settled.ok ? settled.value : settled;
}
