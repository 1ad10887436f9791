import Database from 'better-sqlite3';

/**
 * The tables of an existing SQLite file, read without changing it (read-only, the file
 * must exist): for a reader such as `orkeon audit` to tell whether a file is an Orkeon
 * state file before a store opens it, since opening one migrates it.
 */
export function sqliteFileTables(path: string): string[] {
  const database = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return database
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
  } finally {
    database.close();
  }
}
