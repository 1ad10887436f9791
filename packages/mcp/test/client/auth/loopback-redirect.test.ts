import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the loopback redirect is internal to @orkeon/mcp, not one of its exports
import { type LoopbackRedirect, startLoopbackRedirect } from '../../../src/client/auth/loopback-redirect.js';
// biome-ignore lint/style/noRestrictedImports: the package's own error class, beside the module under test
import { McpClientError } from '../../../src/client/mcp-client-error.js';

// The RFC 8252 loopback redirect, driven with real HTTP requests as a browser would send them.

const open: LoopbackRedirect[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((redirect) => redirect.close()));
});

async function start(options: Partial<Parameters<typeof startLoopbackRedirect>[0]> = {}) {
  const redirect = await startLoopbackRedirect({ state: 'state-123', ...options });
  open.push(redirect);
  return redirect;
}

function visit(redirect: LoopbackRedirect, query: Record<string, string>, path?: string) {
  const url = new URL(redirect.redirectUrl);
  if (path !== undefined) url.pathname = path;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, { redirect: 'manual' });
}

/** 'pending' when the promise has not settled by the time other queued work has run. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  const pending = new Promise((resolve) => setTimeout(() => resolve('pending'), 50));
  return Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    pending,
  ]) as Promise<string>;
}

function nonLoopbackAddress(): string | undefined {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return addresses.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
}

describe('startLoopbackRedirect', () => {
  it('resolves with the code, iss and all parameters of the callback', async () => {
    const redirect = await start();
    expect(redirect.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const response = await visit(redirect, { code: 'abc', state: 'state-123', iss: 'https://auth.example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('Signed in. You can close this tab and return to the terminal.');
    const callback = await redirect.callback;
    expect(callback.code).toBe('abc');
    expect(callback.iss).toBe('https://auth.example.com');
    expect(callback.parameters.get('state')).toBe('state-123');
  });

  it('uses the path it is given and leaves iss out when the server sends none', async () => {
    const redirect = await start({ path: '/oauth/done' });
    expect(new URL(redirect.redirectUrl).pathname).toBe('/oauth/done');
    expect((await visit(redirect, { code: 'c', state: 'state-123' }, '/callback')).status).toBe(404);
    expect((await visit(redirect, { code: 'c', state: 'state-123' })).status).toBe(200);
    const callback = await redirect.callback;
    expect(callback.iss).toBeUndefined();
    expect('iss' in callback).toBe(false);
  });

  it('answers 404 to other paths and methods without settling', async () => {
    const redirect = await start();
    expect((await visit(redirect, { code: 'abc', state: 'state-123' }, '/favicon.ico')).status).toBe(404);
    const post = await fetch(`${redirect.redirectUrl}?code=abc&state=state-123`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(post.status).toBe(404);
    expect(await outcome(redirect.callback)).toBe('pending');
  });

  it('answers a wrong or missing state with 400 and keeps waiting for the right one', async () => {
    const redirect = await start();
    const wrong = await visit(redirect, { code: 'forged', state: 'other' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('state does not match this sign-in');
    expect((await visit(redirect, { code: 'forged' })).status).toBe(400);
    expect((await visit(redirect, { error: 'access_denied', state: 'other' })).status).toBe(400);
    expect(await outcome(redirect.callback)).toBe('pending');
    expect((await visit(redirect, { code: 'real', state: 'state-123' })).status).toBe(200);
    expect((await redirect.callback).code).toBe('real');
  });

  it('rejects on an OAuth error and escapes what the server said in the page', async () => {
    const redirect = await start();
    const response = await visit(redirect, {
      error: 'access_denied',
      error_description: '<script>alert(1)</script> the user said no',
      state: 'state-123',
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('access_denied');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62; the user said no');
    const failure = await redirect.callback.catch((error: unknown) => error);
    expect(McpClientError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'MCP_AUTH_FAILED' });
    expect((failure as Error).message).toContain('access_denied');
    expect((failure as Error).message).toContain('the user said no');
  });

  it('rejects when the right state comes without a code', async () => {
    const redirect = await start();
    expect((await visit(redirect, { state: 'state-123' })).status).toBe(400);
    await expect(redirect.callback).rejects.toMatchObject({ code: 'MCP_AUTH_FAILED' });
  });

  it('rejects when no callback arrives in time', async () => {
    const redirect = await start({ timeoutMilliseconds: 100 });
    const failure = await redirect.callback.catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'MCP_AUTH_FAILED' });
    expect((failure as Error).message).toMatch(/within 0\.1 s.*orkeon mcp login <server-id>/);
    await expect(visit(redirect, { code: 'late', state: 'state-123' })).rejects.toThrow();
  });

  it('rejects with the reason of an abort, and refuses to start when already aborted', async () => {
    const controller = new AbortController();
    const redirect = await start({ signal: controller.signal });
    const reason = new Error('the user pressed Ctrl+C');
    controller.abort(reason);
    await expect(redirect.callback).rejects.toBe(reason);
    await expect(start({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('listens on 127.0.0.1 only', async () => {
    const redirect = await start();
    const url = new URL(redirect.redirectUrl);
    expect(url.hostname).toBe('127.0.0.1');
    await expect(fetch(`http://[::1]:${url.port}/callback`)).rejects.toThrow();
    const address = nonLoopbackAddress();
    if (address !== undefined) await expect(fetch(`http://${address}:${url.port}/callback`)).rejects.toThrow();
  });

  it('names the port and the setting to change when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    try {
      const port = (taken.address() as { port: number }).port;
      const failure = await start({ port }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'MCP_AUTH_FAILED' });
      expect((failure as Error).message).toContain(String(port));
      expect((failure as Error).message).toContain('MCP:Servers:<id>:Auth:RedirectPort');
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
  });

  it('closes its port once the callback has settled, and close() can be called again', async () => {
    const redirect = await start();
    const response = await visit(redirect, { code: 'abc', state: 'state-123' });
    await response.text();
    await redirect.callback;
    await expect(visit(redirect, { code: 'again', state: 'state-123' })).rejects.toThrow();
    await redirect.close();
    await redirect.close();
  });

  it('rejects the callback when closed first, without an unhandled rejection', async () => {
    const redirect = await start();
    await redirect.close();
    // Nobody holds the rejected callback across this turn: an unhandled rejection would fail the run.
    await new Promise((later) => setTimeout(later, 20));
    await expect(redirect.callback).rejects.toMatchObject({ code: 'MCP_AUTH_FAILED' });
    await expect(visit(redirect, { code: 'late', state: 'state-123' })).rejects.toThrow();
  });
});
