import type { ServerResponse } from 'node:http';
import { WebHttpClient } from '@orkeon/tools-web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/loading/load-source.js';
import { RagLoadError } from '../../src/loading/rag-load-error.js';
import {
  createLoadingFolder,
  type LoadingFolder,
  type LocalServer,
  pdfBytes,
  startLocalServer,
  webClient,
} from './loading-fixture.js';

let docs: LoadingFolder;
let server: LocalServer;
let pdf: Uint8Array;
const allowed = webClient({ allowLoopback: true });

function send(response: ServerResponse, status: number, type: string | undefined, body: string | Uint8Array): void {
  response.writeHead(status, type === undefined ? {} : { 'content-type': type });
  response.end(body);
}

beforeAll(async () => {
  docs = await createLoadingFolder();
  pdf = await pdfBytes(['A web PDF page.'], 'Web PDF');
  server = await startLocalServer((request, response) => {
    switch (request.url) {
      case '/page':
        return send(
          response,
          200,
          'text/html; charset=utf-8',
          '<html><head><title>Local page</title></head><body><p>Hello from <b>the server</b>.</p><p hidden>Secret words.</p></body></html>',
        );
      case '/paper':
        return send(response, 200, 'application/pdf', pdf);
      case '/paper.pdf':
        return send(response, 200, 'application/octet-stream', pdf);
      case '/plain':
        return send(response, 200, 'text/plain', 'Just text.');
      case '/latin':
        return send(response, 200, 'text/plain; charset=iso-8859-1', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
      case '/readme':
        return send(response, 200, 'text/markdown', '# Read me\n\nBody.');
      case '/table':
        return send(response, 200, 'text/csv', 'a,b\n1,2\n');
      case '/moved':
        response.writeHead(302, { location: '/page' });
        return response.end();
      case '/choices':
        response.writeHead(300);
        return response.end();
      case '/json':
        return send(response, 200, 'application/json', '{"a":1}');
      case '/big':
        return send(response, 200, 'text/plain', 'x'.repeat(5_000));
      default:
        return send(response, 404, 'text/plain', 'not here');
    }
  });
});

afterAll(async () => {
  await allowed.close();
  await server[Symbol.asyncDispose]();
  await docs[Symbol.asyncDispose]();
});

async function loadUrl(path: string, web = allowed) {
  return loadSource({ location: `${server.url}${path}` }, { files: docs.files, web });
}

async function loadError(path: string, web = allowed): Promise<RagLoadError> {
  const error = await loadUrl(path, web).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RagLoadError);
  return error as RagLoadError;
}

describe('loadSource for web pages', () => {
  it('reads an HTML page to text with its title, hidden elements left out', async () => {
    const document = await loadUrl('/page');
    expect(document).toEqual({
      sourceId: `${server.url}/page`,
      location: `${server.url}/page`,
      kind: 'web',
      format: 'html',
      text: 'Hello from the server.',
      title: 'Local page',
    });
  });

  it('reads a PDF by its content type, and by its extension when the type is generic', async () => {
    const byType = await loadUrl('/paper');
    expect(byType.format).toBe('pdf');
    expect(byType.text).toBe('A web PDF page.');
    expect(byType.title).toBe('Web PDF');
    expect((await loadUrl('/paper.pdf')).text).toBe('A web PDF page.');
  });

  it('reads plain text, markdown and CSV by content type, in the declared charset', async () => {
    expect(await loadUrl('/plain')).toMatchObject({ format: 'text', text: 'Just text.' });
    expect(await loadUrl('/latin')).toMatchObject({ format: 'text', text: 'café' });
    expect(await loadUrl('/readme')).toMatchObject({ format: 'markdown', title: 'Read me' });
    expect(await loadUrl('/table')).toMatchObject({ format: 'csv', text: 'a: 1; b: 2' });
  });

  it('refuses a 302 answer without following it', async () => {
    const before = server.paths.length;
    const error = await loadError('/moved');
    expect(error.sourceId).toBe(`${server.url}/moved`);
    expect(error.message).toContain('redirects are not followed: give the final URL');
    expect(error.message).toContain(`${server.url}/page`);
    expect(server.paths.slice(before)).toEqual(['/moved']);
  });

  it('refuses a 3xx answer without a location too', async () => {
    expect((await loadError('/choices')).message).toBe(
      `Cannot load '${server.url}/choices': the server answered 300 Multiple Choices; redirects are not followed: give the final URL.`,
    );
  });

  it('refuses a page reached through a redirect, even with a client that follows them', async () => {
    const following = new WebHttpClient({ ...allowed.options, maxRedirects: 3, guard: allowed.guard });
    try {
      expect((await loadError('/moved', following)).message).toBe(
        `Cannot load '${server.url}/moved': the server redirected to ${server.url}/page; redirects are not followed: give the final URL.`,
      );
    } finally {
      await following.close();
    }
  });

  it('refuses an answer that is not 2xx, naming the status', async () => {
    const error = await loadError('/nowhere');
    expect(error.message).toBe(
      `Cannot load '${server.url}/nowhere': the server answered 404 Not Found: check that the URL is right and the page is public, then load it again.`,
    );
  });

  it('refuses a content type it does not read, naming the supported ones', async () => {
    const error = await loadError('/json');
    expect(error.message).toContain('the page is of type application/json, which is not loaded');
    expect(error.message).toContain('text/html');
  });

  it('refuses a page cut at the size limit instead of indexing its start', async () => {
    const small = webClient({ allowLoopback: true, maxResponseBytes: 1_000 });
    try {
      expect((await loadError('/big', small)).message).toContain("larger than the client's limit of 1000 bytes");
    } finally {
      await small.close();
    }
  });

  it('passes the network guard refusal through when loopback is not allowed, without reaching the server', async () => {
    const guarded = webClient({ allowLoopback: false });
    const before = server.paths.length;
    try {
      const error = await loadError('/page', guarded);
      expect(error.message).toMatch(/^Cannot load '.*\/page': the network guard refused the URL: 127\.0\.0\.1 is /);
      expect(error.message).toContain('An operator can allow it');
      expect(server.paths.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });

  it('refuses a web source when no web client is given', async () => {
    await expect(loadSource({ location: `${server.url}/page` }, { files: docs.files })).rejects.toThrow(
      'web sources need a web client',
    );
  });

  it('refuses a URL whose server cannot be reached', async () => {
    const error = await loadSource({ location: 'http://127.0.0.1:1/page' }, { files: docs.files, web: allowed }).then(
      () => undefined,
      (caught: unknown) => caught as RagLoadError,
    );
    expect(error).toBeInstanceOf(RagLoadError);
    expect(error?.message).toContain('the page could not be fetched: Could not reach 127.0.0.1:1');
  });
});
