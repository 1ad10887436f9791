import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A `BROWSER` command for sign-in tests, written to `folder`: it opens the authorization URL and,
 * since the test authorization servers approve at once, follows their redirect to the loopback listener.
 */
export async function writeApprovingBrowser(folder: string): Promise<string> {
  const script = join(folder, 'browser.mjs');
  await writeFile(
    script,
    [
      'const approval = await fetch(process.argv[2], { redirect: "manual" });',
      'const location = approval.headers.get("location");',
      'if (location === null) process.exit(3);',
      'await fetch(location);',
    ].join('\n'),
  );
  return `${process.execPath} ${script}`;
}
