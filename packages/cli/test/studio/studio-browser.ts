// Chromium for the Studio page tests: Debian's /usr/bin/chromium (installed by scripts/system-packages.sh)
// driven by playwright-core, with the flags that keep it from reaching for the network at start.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export const chromiumPath = process.env.ORKEON_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Where screenshots go: ORKEON_STUDIO_SCREENSHOTS (the docs' images come from there), else test-results/studio. */
export async function screenshotFolder(): Promise<string> {
  const folder = process.env.ORKEON_STUDIO_SCREENSHOTS ?? join(root, 'test-results/studio');
  await mkdir(folder, { recursive: true });
  return folder;
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousAccessibilityViolations(
  page: Page,
): Promise<{ id: string; help: string; nodes: string[] }[]> {
  const source = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: source });
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => String(node.target)),
      }));
  });
}
