import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/crew/load-crew.js';

// The YAML crews under examples/ are what a user copies first: each must load as written,
// with the variables its header's `./orkeon run … -V key=value` line gives.
const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));
const folders = (await readdir(examples, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const yamlCrews: string[] = [];
for (const folder of folders) if ((await readdir(join(examples, folder))).includes('crew.yaml')) yamlCrews.push(folder);

describe('the example crews', () => {
  it('include the process examples', () => {
    expect(yamlCrews).toEqual(expect.arrayContaining(['processes-autonomous', 'processes-consensual', 'quickstart']));
  });

  it.each(yamlCrews)('examples/%s/crew.yaml loads', async (folder) => {
    const path = join(examples, folder, 'crew.yaml');
    const header = (await readFile(path, 'utf8')).split('\n').filter((line) => line.startsWith('#'));
    const variables: Record<string, string> = {};
    for (const line of header)
      for (const match of line.matchAll(/-V (\w+)=(?:"([^"]*)"|(\S+))/g))
        variables[match[1] as string] = match[2] ?? match[3] ?? '';
    const crew = await loadCrew(path, { variables });
    expect(crew.tasks.length).toBeGreaterThan(0);
  });
});
