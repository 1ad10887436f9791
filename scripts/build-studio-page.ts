// Builds Studio's page (packages/studio/dist/page) when it is missing or older than its sources. Vitest runs
// it once before any test file (globalSetup), so tests that serve the page never race to build it.
import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pageSources = fileURLToPath(new URL('../packages/studio/page/', import.meta.url));
const builtIndex = fileURLToPath(new URL('../packages/studio/dist/page/index.html', import.meta.url));

export async function buildStudioPageWhenStale(): Promise<void> {
  const built = statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = await readdir(pageSources, { recursive: true });
  const newest = Math.max(...sources.map((file) => statSync(join(pageSources, file)).mtimeMs));
  if (built >= newest) return;
  const { build } = await import('vite');
  await build({ configFile: join(pageSources, 'vite.config.ts'), logLevel: 'error' });
}

export default buildStudioPageWhenStale;
