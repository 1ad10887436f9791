import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach } from 'vitest';
import { startOrkeon } from './orkeon-process.js';
import { type CliResult, runOrkeon } from './run-cli-helpers.js';

export interface ScriptedRunOptions {
  /** Written to `crew.yaml` in the folder before each test. */
  readonly crew?: string;
  /** More files written before each test, by path inside the folder (`data/facts.txt`); folders are made. */
  readonly files?: Readonly<Record<string, string>>;
}

/** What one test works with; every field is fresh for each test and only readable inside one. */
export interface ScriptedRun {
  readonly server: ScriptedModelServer;
  readonly folder: TemporaryDirectory;
  /** Points the model settings at `server`, without retries; a test may add keys for its own runs. */
  readonly environment: Record<string, string>;
  /** Writes `text` at `path` inside the folder, making folders as needed; resolves with the absolute path. */
  write(path: string, text: string): Promise<string>;
  /** `orkeon <argv>` in this process, in the folder, with `environment` and then `options.environment`. */
  run(argv: string[], options?: { environment?: Record<string, string> }): Promise<CliResult>;
  /** The same as `run` in a real `orkeon` process, for what only a fresh process shows. */
  start(argv: string[], options?: { environment?: Record<string, string> }): ChildProcess;
}

interface Current {
  server: ScriptedModelServer;
  folder: TemporaryDirectory;
  environment: Record<string, string>;
}

/**
 * Registers, for the tests of the calling file or `describe`, a scripted model server and a temporary
 * folder made before each test (with `crew` and `files` written in it) and closed and removed after it.
 */
export function useScriptedRun(options: ScriptedRunOptions = {}): ScriptedRun {
  let current: Current | undefined;
  const now = (field: string): Current => {
    if (current !== undefined) return current;
    throw new Error(
      `useScriptedRun: '${field}' exists only while a test runs; read it inside it(...) or a hook, not when the file loads.`,
    );
  };
  const write = async (path: string, text: string): Promise<string> => {
    const folder = now('write').folder.path;
    const target = join(folder, path);
    if (isAbsolute(path) || relative(folder, target).split(sep)[0] === '..')
      throw new Error(`useScriptedRun: '${path}' is outside the test folder; give a path inside it, like 'crew.yaml'.`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    return target;
  };
  const files = { ...(options.crew === undefined ? {} : { 'crew.yaml': options.crew }), ...options.files };

  beforeEach(async () => {
    const server = await startScriptedModelServer();
    const folder = await createTemporaryDirectory().catch(async (error: unknown) => {
      await server.close();
      throw error;
    });
    const environment = {
      SVC_Llm__BaseUrl: server.openAiBaseUrl,
      SVC_Llm__Model: 'scripted',
      SVC_Llm__MaxRetries: '0',
    };
    current = { server, folder, environment };
    for (const [path, text] of Object.entries(files)) await write(path, text);
  });
  afterEach(async () => {
    const ending = current;
    current = undefined;
    try {
      await ending?.server.close();
    } finally {
      await ending?.folder.remove();
    }
  });

  return {
    get server() {
      return now('server').server;
    },
    get folder() {
      return now('folder').folder;
    },
    get environment() {
      return now('environment').environment;
    },
    write,
    run: (argv, runOptions = {}) => {
      const { folder, environment } = now('run');
      return runOrkeon(argv, {
        environment: { ...environment, ...runOptions.environment },
        workingDirectory: folder.path,
      });
    },
    start: (argv, startOptions = {}) => {
      const { folder, environment } = now('start');
      return startOrkeon(argv, { cwd: folder.path, environment: { ...environment, ...startOptions.environment } });
    },
  };
}
