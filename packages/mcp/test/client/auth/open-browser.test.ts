import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: opening the browser is internal to @orkeon/mcp, not one of its exports
import { openBrowser } from '../../../src/client/auth/open-browser.js';

// The browser is a small node script that records its arguments, so the test sees exactly what a browser would.

// `&`, `;`, `$(...)`, `$&` and percent-encoded spaces and quotes: all would mean something to a shell.
const url = 'https://auth.example.com/authorize?a=1&b=$(touch%20pwned);c=`id`&d=%22quoted%20text%22&e=$&f=|x#frag';

let folder = '';
let output = '';
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'orkeon-open-browser-'));
  output = join(folder, 'argv.json');
  const record = `const fs = require('node:fs');
fs.writeFileSync(${JSON.stringify(`${output}.tmp`)}, JSON.stringify(process.argv.slice(2)));
fs.renameSync(${JSON.stringify(`${output}.tmp`)}, ${JSON.stringify(output)});
`;
  await writeFile(join(folder, 'browser.cjs'), record);
  // Stand-ins for open, xdg-open and rundll32, found through PATH.
  for (const name of ['open', 'xdg-open', 'rundll32']) {
    await writeFile(join(folder, name), `#!${process.execPath}\n${record}`);
    await chmod(join(folder, name), 0o755);
  }
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The arguments the stand-in browser received; it runs detached, so this waits for its file. */
async function receivedArguments(): Promise<string[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const text = await readFile(output, 'utf8').catch(() => undefined);
    if (text !== undefined) return JSON.parse(text) as string[];
    await new Promise((later) => setTimeout(later, 25));
  }
  throw new Error('the stand-in browser never ran');
}

describe('openBrowser', () => {
  it('runs BROWSER with the URL appended as one argument, intact', async () => {
    const environment = { ...process.env, BROWSER: `${process.execPath} ${join(folder, 'browser.cjs')}` };
    expect(new URL(url).href).toBe(url);
    expect(await openBrowser(url, { environment })).toBe(true);
    expect(await receivedArguments()).toEqual([url]);
  });

  it('puts the URL where BROWSER says %s', async () => {
    const environment = {
      ...process.env,
      BROWSER: `  ${process.execPath}   ${join(folder, 'browser.cjs')} --new-window %s --url=%s --last `,
    };
    expect(await openBrowser(url, { environment })).toBe(true);
    expect(await receivedArguments()).toEqual(['--new-window', url, `--url=${url}`, '--last']);
  });

  it.skipIf(process.platform === 'win32')('uses the platform opener without BROWSER', async () => {
    const environment = { PATH: folder };
    for (const [platform, expected] of [
      ['linux', [url]],
      ['darwin', [url]],
      ['win32', ['url.dll,FileProtocolHandler', url]],
    ] as const) {
      expect(await openBrowser(url, { environment, platform })).toBe(true);
      expect(await receivedArguments()).toEqual(expected);
      await rm(output);
    }
  });

  it('resolves false when the program does not exist', async () => {
    const missing = join(folder, 'no-such-browser');
    expect(await openBrowser(url, { environment: { ...process.env, BROWSER: missing } })).toBe(false);
    expect(await openBrowser(url, { environment: { PATH: join(folder, 'empty') }, platform: 'linux' })).toBe(false);
  });

  it('refuses anything but an http or https URL', async () => {
    const environment = { ...process.env, BROWSER: `${process.execPath} ${join(folder, 'browser.cjs')}` };
    for (const wrong of ['file:///etc/passwd', 'javascript:alert(1)', '--help', 'not a url', 'ftp://example.com/'])
      await expect(openBrowser(wrong, { environment })).rejects.toThrow(TypeError);
    expect(await openBrowser('http://127.0.0.1:8080/callback', { environment })).toBe(true);
    expect(await receivedArguments()).toEqual(['http://127.0.0.1:8080/callback']);
  });
});
