import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubTool } from '../src/index.js';
import { runTool, sendJson, startServer, type TestServer } from './web-fixture.js';

const token = 'ghp_testtoken1234567890';
let server: TestServer;

beforeEach(async () => {
  // The parts of the GitHub REST API contract the tool uses (the real service is not called).
  server = await startServer((request, response) => {
    if (request.headers.authorization !== `token ${token}`)
      return sendJson(response, { message: 'Bad credentials' }, 401);
    const url = new URL(request.url, 'http://x');
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /repos/acme/widgets/issues':
        return sendJson(response, [
          {
            number: 7,
            state: 'open',
            title: 'Crash on start',
            labels: [{ name: 'bug' }],
            user: { login: 'ann' },
            html_url: 'https://github.com/acme/widgets/issues/7',
          },
          {
            number: 8,
            state: 'open',
            title: 'Add dark mode',
            labels: [],
            user: { login: 'bob' },
            html_url: 'https://github.com/acme/widgets/pull/8',
            pull_request: {},
          },
        ]);
      case 'POST /repos/acme/widgets/issues':
        return sendJson(
          response,
          { number: 9, html_url: 'https://github.com/acme/widgets/issues/9', ...JSON.parse(request.body) },
          201,
        );
      case 'GET /repos/acme/widgets/pulls/8':
        return sendJson(response, {
          number: 8,
          title: 'Add dark mode',
          state: 'closed',
          merged: true,
          draft: false,
          user: { login: 'bob' },
          head: { label: 'bob:dark' },
          base: { label: 'acme:main' },
          additions: 120,
          deletions: 4,
          changed_files: 3,
          commits: 2,
          comments: 1,
          html_url: 'https://github.com/acme/widgets/pull/8',
          body: 'Adds a theme switch.',
        });
      case 'GET /search/repositories':
        return sendJson(response, {
          total_count: 1234,
          items: [
            {
              full_name: 'acme/widgets',
              stargazers_count: 1500,
              description: 'Widgets',
              html_url: 'https://github.com/acme/widgets',
            },
          ],
        });
      case 'GET /repos/acme/widgets':
        return sendJson(response, {
          full_name: 'acme/widgets',
          description: 'Widgets for all',
          stargazers_count: 1500,
          forks_count: 20,
          open_issues_count: 3,
          default_branch: 'main',
          language: 'TypeScript',
          license: { spdx_id: 'MIT' },
          topics: ['ui'],
          html_url: 'https://github.com/acme/widgets',
        });
      default:
        return sendJson(response, { message: 'Not Found' }, 404);
    }
  });
});
afterEach(() => server[Symbol.asyncDispose]());

const readOnly = () => createGitHubTool(token, { github: { BaseUrl: server.url } });

describe('github against a local server speaking the GitHub REST contract', () => {
  it('lists issues, marking pull requests', async () => {
    const result = await runTool(readOnly(), {
      action: 'list_issues',
      owner: 'acme',
      repo: 'widgets',
      labels: ['bug'],
      limit: 5,
    });
    expect(result.output).toBe(
      [
        '2 open issues of acme/widgets:',
        '#7 [open] Crash on start (labels: bug) by ann — https://github.com/acme/widgets/issues/7',
        '#8 [open] Add dark mode (pull request) by bob — https://github.com/acme/widgets/pull/8',
      ].join('\n'),
    );
    const query = new URL(server.requests[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ state: 'open', per_page: '5', labels: 'bug' });
    expect(server.requests[0]?.headers['user-agent']).toContain('Orkeon-Web-Tools/0.1');
  });

  it('gets a pull request, a repository and searches repositories', async () => {
    const tool = readOnly();
    expect((await runTool(tool, { action: 'get_pr', owner: 'acme', repo: 'widgets', number: 8 })).output).toBe(
      '#8 Add dark mode [merged] by bob\nbob:dark → acme:main\n+120 −4 in 3 files, 2 commits, 1 comments\nhttps://github.com/acme/widgets/pull/8\n\nAdds a theme switch.',
    );
    expect((await runTool(tool, { action: 'get_repo', owner: 'acme', repo: 'widgets' })).output).toContain(
      'default branch main, language TypeScript, license MIT',
    );
    expect((await runTool(tool, { action: 'search_repos', query: 'widgets language:ts' })).output).toBe(
      "1 of 1,234 repositories matching 'widgets language:ts':\nacme/widgets ★1,500 — Widgets — https://github.com/acme/widgets",
    );
  });

  it('is Read and refuses create_issue unless AllowWrites; then it is Execute and creates the issue', async () => {
    const tool = readOnly();
    expect(tool.access).toBe('Read');
    const refused = await runTool(tool, { action: 'create_issue', owner: 'acme', repo: 'widgets', title: 'New' });
    expect(refused.outcome).toBe('Denied');
    expect(refused.output).toContain('Svc:Tools:Web:GitHub:AllowWrites');
    expect(server.requests).toHaveLength(0);
    const writer = createGitHubTool(token, { github: { BaseUrl: server.url, AllowWrites: true } });
    expect(writer.access).toBe('Execute');
    const created = await runTool(writer, {
      action: 'create_issue',
      owner: 'acme',
      repo: 'widgets',
      title: 'New',
      body: 'Text',
      labels: ['bug'],
    });
    expect(created.output).toBe('Created issue #9 in acme/widgets: https://github.com/acme/widgets/issues/9');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ title: 'New', body: 'Text', labels: ['bug'] });
  });

  it('names missing arguments, 404 and a refused token without showing it', async () => {
    expect((await runTool(readOnly(), { action: 'get_pr', owner: 'acme', repo: 'widgets' })).output).toBe(
      'Error: The action get_pr needs owner, repo and number.',
    );
    expect((await runTool(readOnly(), { action: 'get_repo', owner: 'acme', repo: 'nothing' })).output).toContain(
      '(404)',
    );
    const wrong = createGitHubTool('ghp_wrongtoken999', { github: { BaseUrl: server.url } });
    const result = await runTool(wrong, { action: 'get_repo', owner: 'acme', repo: 'widgets' });
    expect(result.output).toBe(
      'Error: GitHub refused the token (401): check Svc:Tools:Web:GitHub:Token or GITHUB_TOKEN.',
    );
  });

  it.each([
    { owner: '../../admin', repo: 'x' },
    { owner: 'acme', repo: '..' },
    { owner: 'acme', repo: 'widgets/../../orgs' },
    { owner: 'acme%2F..', repo: 'x' },
    { owner: 'acme\r\nX-Injected: 1', repo: 'x' },
  ])('refuses the owner and repo %j before any request', (names) => {
    expect(() => readOnly().inputSchema.parse({ action: 'get_repo', ...names })).toThrow();
  });
});
