import { runProcess } from './run-process.js';

/** Settings that only name branches and refs; git never runs or opens anything because of them. */
const trackingKey = /^(branch\.[^\s=]+\.(remote|merge)|remote\.[^\s=]+\.fetch)$/;

/**
 * The upstream settings of a repository's `config` (`branch.<b>.remote`,
 * `branch.<b>.merge`, `remote.<r>.fetch`), so `git status` can still say how a
 * branch compares with its upstream. Git itself parses the file (`--file`
 * follows no includes and needs no repository); everything else in it is
 * dropped. A file git cannot parse gives no settings.
 */
export async function trackingSettings(
  configPath: string,
  env: Readonly<Record<string, string>>,
): Promise<[string, string][]> {
  const run = await runProcess({
    program: 'git',
    args: ['config', '--file', configPath, '--null', '--list'],
    cwd: '/',
    env: { ...env, GIT_DIR: '/dev/null' },
    timeoutMilliseconds: 5_000,
    maxOutputCharacters: 64_000,
  });
  if (!run.started || run.result.exitCode !== 0 || run.result.stdout.cut) return [];
  const settings: [string, string][] = [];
  for (const entry of run.result.stdout.text.split('\0')) {
    const newline = entry.indexOf('\n');
    if (newline < 0) continue;
    const key = entry.slice(0, newline);
    const value = entry.slice(newline + 1);
    if (trackingKey.test(key) && !/[\n\r]/.test(value)) settings.push([key, value]);
  }
  return settings;
}
