import { spawn } from 'node:child_process';

/** The environment {@link openBrowser} reads, for tests and embedders; both default to this process's. */
export interface OpenBrowserOptions {
  readonly environment?: Readonly<Record<string, string | undefined>>; // default process.env
  readonly platform?: NodeJS.Platform; // default process.platform
}

/**
 * Starts the user's browser on `url` without waiting for it; false when there is no way to (the caller prints
 * the URL anyway). `BROWSER`, when set, is the command line to run: `%s` in it stands for the URL, otherwise the
 * URL is appended. Rejects with a `TypeError` unless `url` is http or https.
 */
export async function openBrowser(url: string, options: OpenBrowserOptions = {}): Promise<boolean> {
  const { environment = process.env, platform = process.platform } = options;
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new TypeError(`Only an http or https URL can be opened in a browser: ${url}`);
  // The serialized URL has no spaces, quotes or control characters, whatever the caller passed.
  const [command, ...args] = browserCommand(parsed.href, environment.BROWSER, platform);
  if (command === undefined) return false;
  return new Promise<boolean>((resolve) => {
    try {
      // No shell, ever: each argument reaches the program as it is, so the URL cannot inject commands.
      const child = spawn(command, args, {
        detached: true,
        stdio: 'ignore',
        windowsHide: true,
        env: { ...environment },
      });
      child.on('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

function browserCommand(url: string, browser: string | undefined, platform: NodeJS.Platform): string[] {
  const words = browser?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length > 0) {
    // A function replacement, so `$&` and friends in the URL stay as they are.
    if (words.some((word) => word.includes('%s'))) return words.map((word) => word.replaceAll('%s', () => url));
    return [...words, url];
  }
  if (platform === 'darwin') return ['open', url];
  // `cmd /c start` would read `&` and `^` in the URL; rundll32 takes the URL as it is.
  if (platform === 'win32') return ['rundll32', 'url.dll,FileProtocolHandler', url];
  return ['xdg-open', url];
}
