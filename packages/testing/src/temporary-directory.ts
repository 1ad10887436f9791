import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TemporaryDirectory extends AsyncDisposable {
  readonly path: string;
  remove(): Promise<void>;
}

/** A fresh directory under the system temp folder, removed on `remove()` or `await using`. */
export async function createTemporaryDirectory(prefix = 'orkeon-test-'): Promise<TemporaryDirectory> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  const remove = () => rm(path, { recursive: true, force: true });
  return { path, remove, [Symbol.asyncDispose]: remove };
}
