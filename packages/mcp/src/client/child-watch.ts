import type { Transport } from '@modelcontextprotocol/client';

/**
 * Remembers the process a stdio transport starts, so that a failed handshake can
 * make sure it is gone: the SDK's own close on that path is not awaited.
 */
export function watchChild(transport: Transport): { stop(): Promise<void> } {
  let pid: number | undefined;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    pid = (transport as { pid?: number | null }).pid ?? undefined;
  };
  return {
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
