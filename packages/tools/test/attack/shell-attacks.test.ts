import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellTool } from '../../src/index.js';
import { quietLogger, runTool } from '../shell/shell-fixture.js';

/**
 * Generated attacks on the shell tool's boundary, one group per class of leak:
 * arguments that escape the path check, physical folders in output encodings,
 * git reading or running outside through repository files, and `find` actions.
 * Each attempt counts; an escape is an attempt that read the outside secret,
 * showed a physical folder, ran a planted program or wrote a file. Every group
 * must end with zero escapes; the counts are printed for docs/security.md.
 * One file: the groups share one fixture and one tally, printed once at the end.
 */

const secret = 'TOP-SECRET-OUTSIDE';
/** A file name only the outside folder has: seeing it means the folder was listed. */
const outsideOnlyName = 'outside-only-file';
let root: TemporaryDirectory;
let physicalRoot: string;
let workspace: string;
let outside: string;
let marker: string;
let vfs: VirtualFileSystem;
const tally: Record<string, { attempts: number; escapes: number }> = {};

function count(group: string, escaped: boolean): boolean {
  const entry = tally[group] ?? { attempts: 0, escapes: 0 };
  tally[group] = entry;
  entry.attempts += 1;
  if (escaped) entry.escapes += 1;
  return !escaped;
}

/** What any escape leaves behind: the secret or a physical folder in the answer, or the marker file. */
function escaped(result: ToolResult): boolean {
  return (
    result.output.includes(secret) ||
    result.output.includes(physicalRoot) ||
    result.output.includes(root.path) ||
    existsSync(marker)
  );
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', HOME: root.path, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

beforeAll(async () => {
  root = await createTemporaryDirectory('orkeon-attack-');
  physicalRoot = await realpath(root.path);
  workspace = join(root.path, 'workspace');
  outside = join(root.path, 'outside');
  marker = join(root.path, 'MARKER');
  await mkdir(join(workspace, 'sub'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), `${secret}\n`);
  await writeFile(join(outside, outsideOnlyName), '');
  await writeFile(join(workspace, 'a.txt'), 'alpha\n');
  vfs = await VirtualFileSystem.create([`${workspace}:/workspace:rw`]);
});
afterAll(async () => {
  process.stdout.write(`shell attack suite (attempts and escapes per class): ${JSON.stringify(tally)}\n`);
  await root.remove();
});

/** Names a link may carry: options, encodings, backslashes, look-alikes. */
const linkName = fc
  .oneof(
    fc.constantFrom('-evil', '--evil', '-f', '.pat', 'a%41', 'b\\c', 'd%2e', '%2e%2e', 'x=y', 'if', 'e\\', '--'),
    fc
      .tuple(fc.constantFrom('-', '--', '.', '', '%2f', '\\'), fc.stringMatching(/^[a-z%0-9.=\\-]{1,6}$/))
      .map(([prefix, rest]) => `${prefix}${rest}`),
  )
  .filter((name) => name !== '' && !name.includes('/') && name !== '.' && name !== '..');

/** How an argument may carry the link's name. */
const placement = fc.constantFrom(
  (name: string) => [name],
  (name: string) => ['--', name],
  (name: string) => [`./${name}`],
  (name: string) => [`${name}/`, '--'],
  (name: string) => [`-f${name}`],
  (name: string) => [`-nf${name}`],
  (name: string) => [`--file=${name}`],
  (name: string) => [`if=${name}`],
  (name: string) => [`x=y=${name}`],
  (name: string) => [`${name}//secret.txt`],
  (name: string) => [`./${name}/./secret.txt`],
);

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

describe('class 3: every argument that may name a file is checked', () => {
  it('no generated argument reads through a link to the outside', async () => {
    const shell = createShellTool({ ExtraAllowedCommands: ['dd', 'head', 'find'] }, { logger: quietLogger() });
    await fc.assert(
      fc.asyncProperty(
        linkName,
        fc.boolean(),
        placement,
        fc.constantFrom('cat', 'grep -r -h TOP', 'grep -h TOP', 'dd status=none', 'head', 'wc -c', 'ls', 'find'),
        async (name, toFolder, place, program) => {
          const link = join(workspace, name);
          await rm(link, { force: true });
          await symlink(toFolder ? outside : join(outside, 'secret.txt'), link);
          try {
            const args = place(name).map(quote).join(' ');
            const result = await runTool(shell, vfs, `${program} ${args}`);
            return count('arguments', escaped(result) || result.output.includes(outsideOnlyName));
          } finally {
            await rm(link, { force: true });
          }
        },
      ),
      { numRuns: 1500 },
    );
    expect(tally.arguments?.escapes).toBe(0);
  });
});

describe('class 4: physical folders never appear, whatever the output encoding', () => {
  it('no generated listing or format shows a physical folder', async () => {
    const shell = createShellTool({ ExtraAllowedCommands: ['stat', 'realpath', 'du'] }, { logger: quietLogger() });
    const separator = fc.constantFrom('\\0', '|', '\\a', '\\033', '’', '"', "'\\''", 'x', '-old', '.d', ':', '=', '');
    const command = fc.oneof(
      fc
        .tuple(fc.constantFrom('%n', '%N', '%n%n'), separator, fc.constantFrom('/workspace', '/workspace/sub'))
        .map(([format, end, path]) => `stat --printf '${format}${end}' ${path}`),
      fc
        .tuple(
          fc.constantFrom(
            '--zero',
            '--quoting-style=locale',
            '--quoting-style=c',
            '--quoting-style=escape',
            '--quoting-style=shell-escape',
            '--hyperlink=always',
            '--hyperlink',
            '-b',
            '-Q',
            '-D',
            '--dired',
            '-m',
            '-F',
            '--color=always',
            '--quoting-style=literal',
          ),
          fc.constantFrom('-d', '-R', '-l', '-dl'),
          fc.constantFrom('/workspace', '/workspace/sub', '.'),
        )
        .map(([option, shape, path]) => `ls ${shape} ${option} ${path}`),
      fc.constantFrom('realpath -z /workspace', 'du -0 /workspace', 'realpath -z . sub', 'du -0 -a'),
      fc.constantFrom('pwd', 'pwd -P', 'grep -rZl alpha /workspace', 'grep -rl --null alpha .'),
    );
    await fc.assert(
      fc.asyncProperty(command, async (line) => count('outputs', escaped(await runTool(shell, vfs, line)))),
      { numRuns: 600 },
    );
    expect(tally.outputs?.escapes).toBe(0);
  });
});

describe('class 5: git reads and runs nothing outside through repository files', () => {
  let repo: string;
  let blob: string;
  beforeAll(async () => {
    repo = join(workspace, 'repo');
    await mkdir(repo);
    git(repo, 'init', '-q', '-b', 'main');
    await writeFile(join(repo, 'a.txt'), 'one\n');
    git(repo, 'add', 'a.txt');
    git(repo, 'commit', '-q', '-m', 'one');
    await appendFile(join(repo, 'a.txt'), 'two\n');
    const far = join(outside, 'far');
    await mkdir(far);
    git(far, 'init', '-q', '-b', 'main');
    await writeFile(join(far, 's.txt'), `${secret}\n`);
    git(far, 'add', 's.txt');
    git(far, 'commit', '-q', '-m', 'far');
    blob = git(far, 'rev-parse', 'HEAD:s.txt').trim();
    await writeFile(join(outside, 'a.txt'), `${secret}\n`);
  });

  it('no generated configuration, attribute or alternates chain takes effect', async () => {
    const shell = createShellTool({}, { logger: quietLogger() });
    const program = `sh -c 'touch ${marker}; cat'`;
    const setting = fc.constantFrom(
      ['diff.x.textconv', program],
      ['diff.x.command', program],
      ['filter.x.clean', program],
      ['filter.x.process', program],
      ['core.fsmonitor', program],
      ['core.pager', program],
      ['core.worktree', outside],
      ['core.hooksPath', outside],
      ['core.sshCommand', program],
      ['diff.external', program],
      ['gpg.program', program],
      ['include.path', join(outside, 'evil.config')],
      ['core.excludesFile', join(outside, 'secret.txt')],
      ['mailmap.file', join(outside, 'secret.txt')],
      ['core.attributesFile', join(outside, 'attributes')],
      ['extensions.worktreeConfig', 'true'],
    );
    const attribute = fc.constantFrom('* diff=x', '* filter=x', '* diff=x filter=x', '* text eol=crlf filter=x', '');
    const alternates = fc.constantFrom('none', 'outside', 'nested', 'relative');
    const command = fc.constantFrom(
      'git status',
      'git status -v -v',
      'git status --short -uall',
      'git diff',
      'git diff --stat',
      'git log -p -1',
      `git show ${blob}`,
      'git show HEAD',
      'git log --format=%s%n%aN',
    );
    await writeFile(join(outside, 'evil.config'), `[diff "x"]\n\ttextconv = "${program}"\n`);
    await writeFile(join(outside, 'attributes'), '* diff=x\n');
    await fc.assert(
      fc.asyncProperty(
        fc.array(setting, { minLength: 1, maxLength: 4 }),
        attribute,
        alternates,
        command,
        async (settings, attr, alt, line) => {
          for (const [key, value] of settings) git(repo, 'config', key, value);
          await writeFile(join(repo, '.gitattributes'), `${attr}\n`);
          await writeFile(join(repo, '.git', 'config.worktree'), `[core]\n\tworktree = ${outside}\n`);
          const info = join(repo, '.git', 'objects', 'info', 'alternates');
          const nested = join(workspace, 'nested-objects');
          if (alt === 'outside') await writeFile(info, `${join(outside, 'far', '.git', 'objects')}\n`);
          if (alt === 'relative') await writeFile(info, '../../../../outside/far/.git/objects\n');
          if (alt === 'nested') {
            await mkdir(join(nested, 'info'), { recursive: true });
            await writeFile(join(nested, 'info', 'alternates'), `${join(outside, 'far', '.git', 'objects')}\n`);
            await writeFile(info, `${nested}\n`);
          }
          try {
            const result = await runTool(shell, vfs, line, { cwd: '/workspace/repo' });
            return count('git', escaped(result));
          } finally {
            for (const [key] of settings) {
              try {
                git(repo, 'config', '--unset-all', key);
              } catch {
                // Already gone (set twice in one run).
              }
            }
            await rm(info, { force: true });
            await rm(nested, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(tally.git?.escapes).toBe(0);
    // 200 runs of several git processes each: about 25 s on a quiet machine, more on a busy one.
  }, 120_000);
});

describe('class 6: find actions are refused wherever -- stands', () => {
  it('no generated find line runs, deletes or writes', async () => {
    const tools = [
      createShellTool({ ExtraAllowedCommands: ['find'] }, { logger: quietLogger() }),
      createShellTool({ AllowedCommands: ['find'] }, { logger: quietLogger() }),
      createShellTool({ AllowedCommands: ['find'], AllowInterpreters: true }, { logger: quietLogger() }),
    ];
    const victim = join(workspace, 'victim.txt');
    const action = fc.constantFrom(
      ['-exec', 'touch', marker, '{}', '+'],
      ['-exec', 'touch', marker, ';'],
      ['-execdir', 'touch', marker, ';'],
      ['-ok', 'touch', marker, ';'],
      ['-okdir', 'touch', marker, ';'],
      ['-name', 'victim.txt', '-delete'],
      ['-fprint', 'MARKER-OUT'],
      ['-fprint0', 'MARKER-OUT'],
      ['-fprintf', 'MARKER-OUT', '%p'],
      ['-fls', 'MARKER-OUT'],
      ['-L'],
      ['-follow'],
    );
    const shape = fc.constantFrom(
      (parts: readonly string[]) => ['--', '.', ...parts],
      (parts: readonly string[]) => ['.', '--', ...parts],
      (parts: readonly string[]) => ['--', '--', '.', ...parts],
      (parts: readonly string[]) => ['.', '-true', ...parts, '--'],
      (parts: readonly string[]) => ['-P', '--', ...parts],
    );
    await fc.assert(
      fc.asyncProperty(action, shape, fc.constantFrom(0, 1, 2), async (parts, arrange, which) => {
        await writeFile(victim, 'keep\n');
        const line = ['find', ...arrange(parts)].map((part) => (part === ';' ? '\\;' : quote(part))).join(' ');
        const shell = tools[which];
        if (shell === undefined) throw new Error(`no tool ${which}`);
        const result = await runTool(shell, vfs, line);
        const wrote = (await readdir(workspace)).some((name) => name.startsWith('MARKER-OUT'));
        return count('find', escaped(result) || !existsSync(victim) || wrote);
      }),
      { numRuns: 500 },
    );
    expect(tally.find?.escapes).toBe(0);
  });
});
