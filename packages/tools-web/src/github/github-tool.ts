import { defineTool, OrkeonError, type Tool, type ToolReturn, toolDenied, toolFailure } from '@orkeon/core';
import type { WebHttpClient } from '../http/web-http-client.js';
import { loadOptionalPackage, type PackageImporter } from '../optional-package.js';
import { scrub } from '../search/search-results.js';
import { bindGitHubSettings, type GitHubSettings, type GitHubSettingsInput } from '../settings/service-settings.js';
import { bindWebSettings, type WebSettingsInput } from '../settings/web-settings.js';
import { baseUrlHost, createWebHttpClient, toolTimeout, type WebToolOptions } from '../web-tool-parts.js';
import { type GitHubClient, runGitHubAction } from './github-actions.js';
import { type GitHubInput, gitHubInput } from './github-input.js';

export const gitHubToolName = 'github';

export interface GitHubToolOptions extends Pick<WebToolOptions, 'resolve'> {
  /** Loads `@octokit/rest`; default `import()`. */
  readonly importPackage?: PackageImporter;
}

/**
 * The `github` tool: issues, pull requests and repositories through the GitHub REST API
 * (`@octokit/rest`, an optional peer package loaded on first use). Reads only, access
 * `Read`, unless `Svc:Tools:Web:GitHub:AllowWrites` is true: then `create_issue` works and
 * the access class is `Execute`, so the permission gate asks before any call.
 */
export function createGitHubTool(
  token: string,
  settings: { readonly web?: WebSettingsInput; readonly github?: GitHubSettingsInput } = {},
  options: GitHubToolOptions = {},
): Tool<GitHubInput> {
  const web = bindWebSettings(settings.web);
  const github = bindGitHubSettings(settings.github);
  const client = createWebHttpClient(web, {
    extraAllowedHosts: [baseUrlHost(github.BaseUrl)],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  let octokit: Promise<GitHubClient> | undefined;
  const connect = () => {
    octokit ??= createOctokit(token, github, client, web.UserAgent, options.importPackage).catch((error: unknown) => {
      octokit = undefined;
      throw error;
    });
    return octokit;
  };
  return defineTool({
    name: gitHubToolName,
    description: `Works with GitHub: list_issues, get_pr, get_repo (owner, repo), search_repos (query)${github.AllowWrites ? ', create_issue (owner, repo, title, body, labels)' : ''}.`,
    input: gitHubInput,
    access: github.AllowWrites ? 'Execute' : 'Read',
    networkGuard: client.guard,
    timeoutMilliseconds: toolTimeout(web),
    async execute(input, context): Promise<ToolReturn> {
      if (input.action === 'create_issue' && !github.AllowWrites)
        return toolDenied(
          'create_issue is not allowed: the github tool is read-only unless an operator sets Svc:Tools:Web:GitHub:AllowWrites to true.',
        );
      try {
        return await runGitHubAction(await connect(), input, context.signal);
      } catch (error) {
        return toolFailure(scrub(describeGitHubError(error, github), token));
      }
    },
  });
}

async function createOctokit(
  token: string,
  github: GitHubSettings,
  client: WebHttpClient,
  userAgent: string,
  importer: PackageImporter | undefined,
): Promise<GitHubClient> {
  const { Octokit } = await loadOptionalPackage('@octokit/rest', importer);
  return new Octokit({
    auth: token,
    baseUrl: github.BaseUrl.replace(/\/$/, ''),
    userAgent,
    request: { fetch: client.fetch },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  }) as unknown as GitHubClient;
}

function describeGitHubError(error: unknown, github: GitHubSettings): string {
  if (OrkeonError.isInstance(error)) return error.message;
  const status = (error as { status?: unknown }).status;
  const message = (error as Error).message?.split('\n')[0] ?? String(error);
  if (status === 401) return 'GitHub refused the token (401): check Svc:Tools:Web:GitHub:Token or GITHUB_TOKEN.';
  if (status === 403)
    return `GitHub refused the request (403): ${message}. The token may lack the scope, or a rate limit was reached.`;
  if (status === 404)
    return 'GitHub found nothing there (404): check owner, repo and number, and that the token can see the repository.';
  if (status === 422) return `GitHub refused the values (422): ${message}.`;
  if (typeof status === 'number') return `GitHub answered ${status}: ${message}.`;
  return `Could not reach GitHub at ${github.BaseUrl}: ${message}.`;
}
