// A plugin in its own folder found by its index.mjs: a memory store kept in a JSON file.
// `Memory:Provider: jsonfile` (or a crew's `memoryProvider: jsonfile`) chooses it.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InMemoryMemoryProvider, MemoryStoreFactoryService } from '@orkeon/core';

export const name = 'json-file-memory';
export const version = '1.0.0';

/**
 * The in-memory store, written whole to the file after every change (a temporary file
 * renamed over it, so a crash leaves the previous version) and read back when it opens.
 * Fit for a few thousand memories; larger stores want a database.
 */
class JsonFileMemoryProvider extends InMemoryMemoryProvider {
  #path;
  #writing = Promise.resolve();

  constructor(path) {
    super();
    this.#path = path;
  }

  static async open(path) {
    const store = new JsonFileMemoryProvider(path);
    const text = await readFile(path, 'utf8').catch((error) =>
      error.code === 'ENOENT' ? '[]' : Promise.reject(error),
    );
    for (const { key, item } of JSON.parse(text)) await InMemoryMemoryProvider.prototype.store.call(store, key, item);
    return store;
  }

  async #save() {
    const entries = [];
    for (
      let page = await this.listEntries();
      page.length > 0;
      page = await this.listEntries({ after: page.at(-1).key })
    )
      entries.push(...page);
    this.#writing = this.#writing.then(async () => {
      await mkdir(dirname(this.#path), { recursive: true });
      await writeFile(`${this.#path}.tmp`, JSON.stringify(entries, null, 2));
      await rename(`${this.#path}.tmp`, this.#path);
    });
    await this.#writing;
  }

  // storeWithEmbedding calls store, so it is saved too.
  async store(key, item) {
    await super.store(key, item);
    await this.#save();
  }

  async storeMany(entries) {
    await super.storeMany(entries);
    await this.#save();
  }

  async delete(key) {
    const deleted = await super.delete(key);
    await this.#save();
    return deleted;
  }

  async deleteMany(keys) {
    const count = await super.deleteMany(keys);
    await this.#save();
    return count;
  }

  async clear() {
    await super.clear();
    await this.#save();
  }
}

/** Settings: Plugins:Settings:json-file-memory { Path } (default .orkeon/memories.json, from the working directory). */
export function configureServices(services, { settings }) {
  const path = resolve(typeof settings.Path === 'string' ? settings.Path : '.orkeon/memories.json');
  services.addInstance(MemoryStoreFactoryService, {
    type: 'jsonfile',
    aliases: ['json-file'],
    create: () => JsonFileMemoryProvider.open(path),
  });
}
