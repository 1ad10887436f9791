import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedModulesOf, moduleUrl } from '../startup/loaded-modules.js';

// The definition of `orkeon init` is all that every start loads of it: its templates, the provider
// catalogue and the questions come with its implementation, when the verb runs.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const implementation = [moduleUrl('packages/cli/src/commands/init-command.ts'), moduleUrl('packages/cli/src/init/')];
const loadsImplementation = (url: string) => implementation.some((prefix) => url.startsWith(prefix));

let folder: TemporaryDirectory;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
});
afterAll(async () => {
  await folder.remove();
});

describe('orkeon init at start-up', () => {
  it.each([[['--help']], [['init', '--help']], [['--version']]])(
    'orkeon %j loads neither its implementation nor any package beside the command line',
    async (args) => {
      const { code, modules } = await loadedModulesOf(args, { cwd: folder.path });
      expect(code).toBe(0);
      const own = modules.slice(modules.indexOf(moduleUrl('packages/cli/src/bin.ts')));
      expect(own.filter(loadsImplementation)).toEqual([]);
      const files = own.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
      expect(
        files.filter(
          (path) => !path.startsWith(`${root}packages/cli/`) && !path.startsWith(`${root}node_modules/commander/`),
        ),
      ).toEqual([]);
    },
    60_000,
  );

  it('orkeon init loads them when it runs, so the check above would see them', async () => {
    const { code, modules } = await loadedModulesOf(['init', 'project'], { cwd: folder.path });
    expect(code).toBe(0);
    expect(modules).toContain(moduleUrl('packages/cli/src/commands/init-command.ts'));
    expect(modules).toContain(moduleUrl('packages/cli/src/init/model-choice.ts'));
    expect(modules).toContain(moduleUrl('packages/providers/src/index.ts'));
  }, 60_000);
});
