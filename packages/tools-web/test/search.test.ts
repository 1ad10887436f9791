import { afterEach, describe, expect, it } from 'vitest';
import { createBraveSearchTool, createWebSearchTool } from '../src/index.js';
import { runTool, sendJson, startServer, type TestServer } from './web-fixture.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server[Symbol.asyncDispose]();
});

const key = 'tvly-test-key-123456';

describe('web_search against a local server speaking the Tavily contract (the real service is not called)', () => {
  it('POSTs /search with the key as a bearer token and answers the results', async () => {
    const server = await startServer((request, response) => {
      if (request.method !== 'POST' || request.url !== '/search')
        return sendJson(response, { detail: 'not found' }, 404);
      if (request.headers.authorization !== `Bearer ${key}`)
        return sendJson(response, { detail: { error: 'Unauthorized' } }, 401);
      const body = JSON.parse(request.body) as { query: string; max_results: number };
      sendJson(response, {
        query: body.query,
        answer: 'Paris.',
        results: [
          {
            title: 'Paris - Wikipedia',
            url: 'https://en.wikipedia.org/wiki/Paris',
            content: 'Paris is the capital\nof France.',
            score: 0.9,
          },
          { title: null, url: 'https://example.com/', content: null, score: 0.1 },
        ].slice(0, body.max_results),
        response_time: 0.5,
      });
    });
    servers.push(server);
    const tool = createWebSearchTool(key, { tavily: { BaseUrl: server.url, MaxResults: 7 } });
    const result = await runTool(tool, { query: 'capital of France' });
    expect(result.output).toBe(
      [
        "Tavily results for 'capital of France':",
        'Answer: Paris.',
        '1. Paris - Wikipedia',
        '   https://en.wikipedia.org/wiki/Paris',
        '   Paris is the capital of France.',
        '2. (no title)',
        '   https://example.com/',
      ].join('\n'),
    );
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      query: 'capital of France',
      max_results: 7,
      search_depth: 'basic',
      topic: 'general',
    });
  });

  it('names the key setting on 401, and never shows the key even when the service echoes it', async () => {
    const server = await startServer((_request, response) => sendJson(response, { detail: `bad key ${key}` }, 401));
    servers.push(server);
    const result = await runTool(createWebSearchTool(key, { tavily: { BaseUrl: server.url } }), { query: 'x' });
    expect(result.output).toBe(
      'Error: Tavily refused the key (401 Unauthorized): check Svc:Tools:Web:Tavily:ApiKey or TAVILY_API_KEY.',
    );
    const echo = await startServer((_request, response) => sendJson(response, { detail: `bad query for ${key}` }, 400));
    servers.push(echo);
    const failed = await runTool(createWebSearchTool(key, { tavily: { BaseUrl: echo.url } }), { query: 'x' });
    expect(failed.output).toContain('[REDACTED]');
    expect(failed.output).not.toContain(key);
  });

  it('answers a body that is not JSON as a failure', async () => {
    const server = await startServer((_request, response) => response.end('<html>gateway</html>'));
    servers.push(server);
    const result = await runTool(createWebSearchTool(key, { tavily: { BaseUrl: server.url } }), { query: 'x' });
    expect(result.output).toBe('Error: Tavily answered something that is not JSON: <html>gateway</html>');
  });
});

describe('brave_search against a local server speaking the Brave Search contract (the real service is not called)', () => {
  it('GETs /web/search with the key in X-Subscription-Token; the query cannot add parameters', async () => {
    const server = await startServer((request, response) => {
      if (request.headers['x-subscription-token'] !== 'brave-key-abcdef') return sendJson(response, {}, 401);
      const url = new URL(request.url, 'http://x');
      sendJson(response, {
        type: 'search',
        web: {
          results: [
            {
              title: 'Result <strong>one</strong>',
              url: 'https://one.example/',
              description: 'The <strong>first</strong> one',
            },
          ],
        },
        query: { original: url.searchParams.get('q') },
      });
    });
    servers.push(server);
    const tool = createBraveSearchTool('brave-key-abcdef', { brave: { BaseUrl: `${server.url}/res/v1` } });
    const result = await runTool(tool, { query: 'cats&count=100&offset=9#x', max_results: 3 });
    expect(result.output).toBe(
      "Brave Search results for 'cats&count=100&offset=9#x':\n1. Result <strong>one</strong>\n   https://one.example/\n   The first one",
    );
    const url = new URL(server.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/res/v1/web/search');
    expect([...url.searchParams.entries()]).toEqual([
      ['q', 'cats&count=100&offset=9#x'],
      ['count', '3'],
    ]);
  });

  it('says when nothing was found and when the rate limit is reached', async () => {
    let calls = 0;
    const server = await startServer((_request, response) => {
      calls += 1;
      if (calls === 1) return sendJson(response, { web: { results: [] } });
      response.writeHead(429, { 'retry-after': '2' });
      response.end();
    });
    servers.push(server);
    const tool = createBraveSearchTool('brave-key-abcdef', { brave: { BaseUrl: server.url } });
    expect((await runTool(tool, { query: 'zzz' })).output).toBe("Brave Search found nothing for 'zzz'.");
    expect((await runTool(tool, { query: 'zzz' })).output).toBe(
      'Error: Brave Search says too many requests (429): wait 2 s and try again.',
    );
  });
});
