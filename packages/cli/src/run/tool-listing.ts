import type { Tool } from '@orkeon/core';
import { listToolCatalogue, loadToolFamilies } from '@orkeon/tools';
import { importToolFamilyPackage } from './tool-family-packages.js';

/**
 * `orkeon run --list-tools`: every tool the runtime offers and every tool of the
 * catalogue (name, family, access class, whether enabled, what it needs); families
 * whose package is missing are named with the package to install. With `jsonl`, one
 * JSON object per line: `{"kind":"tool",…}` and `{"kind":"family.unavailable",…}`.
 */
export async function writeToolListing(
  out: NodeJS.WritableStream,
  registered: readonly Tool[],
  options: { readonly jsonl: boolean },
): Promise<void> {
  const families = await loadToolFamilies({ load: importToolFamilyPackage });
  const { tools, unavailable } = listToolCatalogue(registered, families);
  if (options.jsonl) {
    for (const tool of tools) out.write(`${JSON.stringify({ kind: 'tool', ...tool })}\n`);
    for (const family of unavailable) out.write(`${JSON.stringify({ kind: 'family.unavailable', ...family })}\n`);
    return;
  }
  const width = (pick: (tool: (typeof tools)[number]) => string, heading: string) =>
    Math.max(heading.length, ...tools.map((tool) => pick(tool).length));
  const nameWidth = width((tool) => tool.name, 'TOOL');
  const familyWidth = width((tool) => tool.family, 'FAMILY');
  const line = (name: string, family: string, access: string, state: string, needs: string) =>
    `${name.padEnd(nameWidth)}  ${family.padEnd(familyWidth)}  ${access.padEnd(11)}  ${state.padEnd(11)}  ${needs}`.trimEnd();
  out.write(`${line('TOOL', 'FAMILY', 'ACCESS', 'STATE', 'NEEDS')}\n`);
  for (const tool of tools)
    out.write(
      `${line(tool.name, tool.family, tool.access, tool.enabled ? 'enabled' : 'not enabled', tool.needs ?? '')}\n`,
    );
  for (const family of unavailable) out.write(`\nfamily ${family.family} (${family.packageName}): ${family.reason}\n`);
}
