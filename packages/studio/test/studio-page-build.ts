import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Builds the page when a source checkout has not (`npm run build` does it too). */
export async function ensureStudioPage(): Promise<void> {
  if (existsSync(fileURLToPath(new URL('../dist/page/index.html', import.meta.url)))) return;
  const { build } = await import('vite');
  await build({ configFile: fileURLToPath(new URL('../page/vite.config.ts', import.meta.url)), logLevel: 'error' });
}
