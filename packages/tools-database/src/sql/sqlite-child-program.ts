/** What the parent sends the SQLite child process on its standard input. */
export interface SqliteChildRequest {
  /** Where better-sqlite3 is installed, resolved by the parent. */
  readonly modulePath: string;
  /** The physical path of the database file, resolved through the VFS by the parent. */
  readonly file: string;
  readonly readOnly: boolean;
  readonly statement: string;
  readonly parameters: readonly (string | number | boolean | null)[];
  readonly maxRows: number;
  readonly countLimit: number;
  readonly busyMilliseconds: number;
}

/** What the child writes on its standard output: one JSON value. Bytes travel as `{ "$bytes": base64 }`. */
export type SqliteChildAnswer =
  | {
      readonly ok: true;
      readonly columns?: readonly string[];
      readonly rows?: readonly (readonly unknown[])[];
      readonly seen?: number;
      readonly complete?: boolean;
      readonly changes?: number;
    }
  | { readonly ok: false; readonly refused?: boolean; readonly message: string; readonly code?: string };

/**
 * The program of the child process that runs one SQLite statement. SQLite runs
 * inside the calling thread and better-sqlite3 offers no interrupt, so a runaway
 * statement can only be stopped by ending its process: the parent kills the child
 * at the time limit or on cancel.
 *
 * The function is sent to `node -e` as its source text, so it uses nothing from
 * outside its own body. Before running, it reads the statement's compiled program
 * (`EXPLAIN`) and refuses ATTACH, DETACH and VACUUM INTO, which would open or write
 * files outside the mounts; the read-only open and `query_only` make SQLite refuse
 * every write.
 */
export function sqliteChildProgram(): void {
  const chunks: Buffer[] = [];
  const answer = (value: unknown) => process.stdout.write(JSON.stringify(value));
  const portable = (value: unknown): unknown => {
    if (typeof value === 'bigint')
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
    return value;
  };
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on('end', () => {
    try {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SqliteChildRequest;
      // biome-ignore lint/suspicious/noExplicitAny: better-sqlite3 is loaded by path in a process of its own.
      const Database = require(request.modulePath) as any;
      const database = new Database(request.file, {
        readonly: request.readOnly,
        fileMustExist: request.readOnly,
        timeout: request.busyMilliseconds,
      });
      if (request.readOnly) database.pragma('query_only = ON');
      database.defaultSafeIntegers(true);
      const parameters = request.parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
      const statement = database.prepare(request.statement);
      let program: unknown[][] | undefined;
      try {
        program = database
          .prepare(`EXPLAIN ${request.statement}`)
          .raw(true)
          .all(...parameters);
      } catch {
        program = undefined;
      }
      if (program === undefined) {
        // Only an EXPLAIN itself cannot be explained again, and it runs nothing.
        const names = statement.reader
          ? statement
              .columns()
              .map((column: { name: string }) => column.name)
              .join(',')
          : '';
        if (names !== 'addr,opcode,p1,p2,p3,p4,p5,comment' && names !== 'id,parent,notused,detail') {
          answer({ ok: false, refused: true, message: 'SQLite could not explain the statement, so it was not run.' });
          return;
        }
      }
      for (const step of program ?? []) {
        const opcode = String(step[1]);
        if (/Func/.test(opcode) && /^sqlite_(attach|detach)\(/.test(String(step[5]))) {
          answer({
            ok: false,
            refused: true,
            message:
              'ATTACH and DETACH are not allowed: a connection reaches only its own database file, through the mounts.',
          });
          return;
        }
        if (opcode === 'Vacuum' && Number(step[3]) !== 0) {
          answer({
            ok: false,
            refused: true,
            message: 'VACUUM INTO is not allowed: it writes a new file outside the mounts.',
          });
          return;
        }
      }
      if (!statement.reader) {
        const result = statement.run(...parameters);
        answer({ ok: true, changes: Number(result.changes) });
        return;
      }
      statement.raw(true);
      const columns = statement.columns().map((column: { name: string }) => column.name);
      const rows: unknown[][] = [];
      let seen = 0;
      let complete = true;
      for (const row of statement.iterate(...parameters) as Iterable<unknown[]>) {
        if (seen >= request.countLimit) {
          complete = false;
          break;
        }
        seen += 1;
        if (rows.length < request.maxRows) rows.push(row.map(portable));
      }
      answer({ ok: true, columns, rows, seen, complete });
    } catch (error) {
      const failure = error as { message?: unknown; code?: unknown };
      answer({
        ok: false,
        message: String(failure.message ?? error),
        ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
      });
    }
  });
}
