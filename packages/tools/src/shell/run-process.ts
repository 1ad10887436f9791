import { spawn } from 'node:child_process';

export interface ProcessRequest {
  /** A bare program name, looked up on `env.PATH`. */
  readonly program: string;
  readonly args: readonly string[];
  /** Physical working directory. */
  readonly cwd: string;
  /** The whole environment of the child: nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMilliseconds: number;
  /** Characters kept per stream; a process writing more is stopped. */
  readonly maxOutputCharacters: number;
  readonly signal?: AbortSignal;
}

export interface CollectedOutput {
  readonly text: string;
  /** More was written than was kept. */
  readonly cut: boolean;
}

export type StopReason = 'timeout' | 'cancelled' | 'output-limit';

export interface ProcessResult {
  readonly exitCode: number | null;
  /** The signal that ended the process, when one did. */
  readonly exitSignal: NodeJS.Signals | null;
  readonly stdout: CollectedOutput;
  readonly stderr: CollectedOutput;
  /** Why the process was stopped before it ended by itself. */
  readonly stoppedBecause: StopReason | undefined;
}

export type ProcessRun =
  | { readonly started: true; readonly result: ProcessResult }
  | { readonly started: false; readonly code: string | undefined; readonly message: string };

/** Time a process gets to end after SIGTERM before its group is killed. */
const terminationGraceMilliseconds = 1_000;
/** Time to wait for output pipes to close once the process is gone (a descendant may have escaped the group). */
const pipeDrainMilliseconds = 2_000;

/**
 * Runs one program without a shell, in its own process group, and collects its
 * output. A time limit, the caller's signal or too much output stops the whole
 * group (SIGTERM, then SIGKILL), so grandchildren die with it; when the program
 * ends by itself, what it left running in its group is killed too.
 */
export function runProcess(request: ProcessRequest): Promise<ProcessRun> {
  if (request.signal?.aborted === true) {
    return Promise.resolve({ started: true, result: notRun('cancelled') });
  }
  return new Promise((resolvePromise) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(request.program, [...request.args], {
        cwd: request.cwd,
        env: { ...request.env },
        shell: false,
        // Its own process group, so that the group can be killed as a whole.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      resolvePromise({ started: false, code: errorCode(error), message: String((error as Error).message) });
      return;
    }

    const stdout = collector(request.maxOutputCharacters, () => stop('output-limit'));
    const stderr = collector(request.maxOutputCharacters, () => stop('output-limit'));
    child.stdout?.setEncoding('utf8').on('data', stdout.add);
    child.stderr?.setEncoding('utf8').on('data', stderr.add);

    let stoppedBecause: StopReason | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    function stop(reason: StopReason): void {
      if (stoppedBecause !== undefined || exit !== undefined) return;
      stoppedBecause = reason;
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), terminationGraceMilliseconds));
    }
    const onAbort = () => stop('cancelled');
    request.signal?.addEventListener('abort', onAbort, { once: true });
    timers.push(setTimeout(() => stop('timeout'), request.timeoutMilliseconds));

    const finish = (run: ProcessRun) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      resolvePromise(run);
    };

    child.on('error', (error) => {
      // Only a failed start reports here without an exit; kill or pipe errors after a start are ignored.
      if (child.pid === undefined) {
        finish({ started: false, code: errorCode(error), message: error.message });
      }
    });
    child.on('exit', (code, signal) => {
      if (settled) return;
      exit = { code, signal };
      // Whatever the program left behind in its group would otherwise hold the pipes open.
      killGroup('SIGKILL');
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          finish(result());
        }, pipeDrainMilliseconds),
      );
    });
    child.on('close', (code, signal) => {
      exit ??= { code, signal };
      finish(result());
    });

    function result(): ProcessRun {
      return {
        started: true,
        result: {
          exitCode: exit?.code ?? null,
          exitSignal: exit?.signal ?? null,
          stdout: stdout.output(),
          stderr: stderr.output(),
          stoppedBecause,
        },
      };
    }
  });
}

function collector(limit: number, onOverflow: () => void) {
  let text = '';
  let cut = false;
  return {
    add(chunk: string): void {
      if (cut) return;
      if (text.length + chunk.length <= limit) {
        text += chunk;
        return;
      }
      text += chunk.slice(0, limit - text.length);
      cut = true;
      onOverflow();
    },
    output: (): CollectedOutput => ({ text, cut }),
  };
}

function notRun(reason: StopReason): ProcessResult {
  const empty = { text: '', cut: false };
  return { exitCode: null, exitSignal: null, stdout: empty, stderr: empty, stoppedBecause: reason };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
