import type { Transport } from '@modelcontextprotocol/client';

/** What `watchChild` learns about the process a stdio transport starts. */
export interface ChildWatch {
  /** The process ended while nobody had asked the transport to close (it exited, or crashed). */
  readonly exitedOnItsOwn: boolean;
  /** Makes sure the process is gone (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

/**
 * Remembers the process a stdio transport starts, so that a failed handshake can
 * make sure it is gone (the SDK's own close on that path is not awaited), and
 * tells whether it ended by itself: a server that exits on the `server/discover`
 * probe is a legacy one that allows nothing before `initialize`.
 * Call it before the transport is handed to the SDK, which chains the `onclose` set here.
 */
export function watchChild(transport: Transport): ChildWatch {
  let pid: number | undefined;
  let closeAsked = false;
  let exitedOnItsOwn = false;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    pid = (transport as { pid?: number | null }).pid ?? undefined;
  };
  const close = transport.close.bind(transport);
  transport.close = async () => {
    closeAsked = true;
    await close();
  };
  const onclose = transport.onclose;
  transport.onclose = () => {
    if (pid !== undefined && !closeAsked) exitedOnItsOwn = true;
    onclose?.();
  };
  return {
    get exitedOnItsOwn() {
      return exitedOnItsOwn;
    },
    async stop() {
      if (pid === undefined || !alive(pid)) return;
      signal(pid, 'SIGTERM');
      for (let waited = 0; waited < 2_000 && alive(pid); waited += 50) await new Promise((r) => setTimeout(r, 50));
      if (alive(pid)) signal(pid, 'SIGKILL');
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
