import type { Readable } from 'node:stream';
import type { FileRight, RightsToken } from './file-rights.js';
import type { VfsResult } from './vfs-result.js';

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
  /** The path as the caller wrote it, normalised. */
  readonly virtualPath: string;
  /** Real path on this machine (symbolic links resolved). Never show it to an agent. */
  readonly physicalPath: string;
  readonly exists: boolean;
  /** The rights of the place the path leads to (after links), which decided the check. */
  readonly rights: RightsToken;
}

/**
 * The file-system port: what tools, the invocation pipeline and the hosts depend on.
 * Agents speak virtual paths; every refusal is a `VfsResult`, never an exception, and
 * its message names virtual paths only. `VirtualFileSystem` is the implementation over
 * mounts of this machine's folders.
 */
export interface FileSystem {
  readonly maxFileSizeBytes: number;
  /** The same file system as agents see it: internal mounts neither resolve nor appear. */
  agentView(): FileSystem;
  /** The mounts this view can reach, sorted by virtual path, without physical folders. */
  mounts(): MountInfo[];
  /** Checks that `path` may be used with `right` and says where it is on this machine. */
  resolve(path: string, right: FileRight): Promise<VfsResult<ResolvedPath>>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<VfsResult<VfsEntry>>;
  readText(path: string): Promise<VfsResult<string>>;
  readBytes(path: string): Promise<VfsResult<Buffer>>;
  /**
   * A streamed read of a file, with the rights of `readBytes` but no whole-file size
   * limit; for parsers that read large files a chunk at a time.
   */
  openRead(path: string): Promise<VfsResult<{ path: string; size: number; stream: Readable }>>;
  writeText(
    path: string,
    text: string,
    options?: { append?: boolean },
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>>;
  /** Writes bytes, replacing the file; the rights and size limit of `writeText`. */
  writeBytes(
    path: string,
    bytes: Uint8Array,
  ): Promise<VfsResult<{ path: string; bytesWritten: number; created: boolean }>>;
  createDirectory(path: string): Promise<VfsResult<{ path: string }>>;
  delete(path: string, options?: { recursive?: boolean }): Promise<VfsResult<{ path: string }>>;
  list(
    path: string,
    options?: { recursive?: boolean; pattern?: string; limit?: number },
  ): Promise<VfsResult<{ entries: VfsEntry[]; truncated: boolean }>>;
  /** Rewrites physical folders in a text (a process's output) to virtual paths; internal ones become `[REDACTED]`. */
  toVirtualText(text: string): string;
  /** Hides every physical folder of a mount in a message. */
  redact(text: string): string;
}
