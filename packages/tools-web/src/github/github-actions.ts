import { type ToolReturn, toolFailure } from '@orkeon/core';
import { cutText, formatCount } from '../http/body-text.js';
import type { GitHubInput } from './github-input.js';

type Call = (parameters: Record<string, unknown>) => Promise<{ data: unknown }>;

/** The parts of an Octokit client the tool calls. */
export interface GitHubClient {
  readonly rest: {
    readonly issues: { readonly listForRepo: Call; readonly create: Call };
    readonly pulls: { readonly get: Call };
    readonly search: { readonly repos: Call };
    readonly repos: { readonly get: Call };
  };
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): string => (typeof value === 'number' ? formatCount(value) : '?');
const login = (user: unknown): string => text((user as Json | null)?.login) || 'unknown';

/** Runs one action; a missing argument is a failure naming it. */
export async function runGitHubAction(
  client: GitHubClient,
  input: GitHubInput,
  signal: AbortSignal,
): Promise<ToolReturn> {
  const request = { signal };
  const where = () =>
    input.owner === undefined || input.repo === undefined ? undefined : { owner: input.owner, repo: input.repo };
  const missing = (names: string) => toolFailure(`The action ${input.action} needs ${names}.`);
  switch (input.action) {
    case 'list_issues': {
      const repository = where();
      if (repository === undefined) return missing('owner and repo');
      const { data } = await client.rest.issues.listForRepo({
        ...repository,
        state: input.state,
        per_page: input.limit,
        ...(input.labels === undefined ? {} : { labels: input.labels.join(',') }),
        request,
      });
      const issues = data as Json[];
      if (issues.length === 0)
        return `No ${input.state === 'all' ? '' : `${input.state} `}issues in ${repository.owner}/${repository.repo}.`;
      return [
        `${issues.length} ${input.state === 'all' ? '' : `${input.state} `}issues of ${repository.owner}/${repository.repo}:`,
        ...issues.map((issue) => {
          const labels = ((issue.labels as (Json | string)[] | undefined) ?? []).map((label) =>
            typeof label === 'string' ? label : text(label.name),
          );
          const kind = issue.pull_request === undefined ? '' : ' (pull request)';
          return `#${issue.number} [${text(issue.state)}] ${text(issue.title)}${kind}${labels.length > 0 ? ` (labels: ${labels.join(', ')})` : ''} by ${login(issue.user)} — ${text(issue.html_url)}`;
        }),
      ].join('\n');
    }
    case 'create_issue': {
      const repository = where();
      if (repository === undefined || input.title === undefined) return missing('owner, repo and title');
      const { data } = await client.rest.issues.create({
        ...repository,
        title: input.title,
        ...(input.body === undefined ? {} : { body: input.body }),
        ...(input.labels === undefined ? {} : { labels: input.labels }),
        request,
      });
      const issue = data as Json;
      return `Created issue #${issue.number} in ${repository.owner}/${repository.repo}: ${text(issue.html_url)}`;
    }
    case 'get_pr': {
      const repository = where();
      if (repository === undefined || input.number === undefined) return missing('owner, repo and number');
      const { data } = await client.rest.pulls.get({ ...repository, pull_number: input.number, request });
      const pr = data as Json;
      const state = pr.merged === true ? 'merged' : text(pr.state);
      return [
        `#${pr.number} ${text(pr.title)} [${state}${pr.draft === true ? ', draft' : ''}] by ${login(pr.user)}`,
        `${text((pr.head as Json | undefined)?.label)} → ${text((pr.base as Json | undefined)?.label)}`,
        `+${count(pr.additions)} −${count(pr.deletions)} in ${count(pr.changed_files)} files, ${count(pr.commits)} commits, ${count(pr.comments)} comments`,
        text(pr.html_url),
        '',
        cutText(text(pr.body) || '(no description)', 4_000),
      ].join('\n');
    }
    case 'search_repos': {
      if (input.query === undefined) return missing('query');
      const { data } = await client.rest.search.repos({ q: input.query, per_page: input.limit, request });
      const result = data as Json;
      const items = (result.items as Json[] | undefined) ?? [];
      if (items.length === 0) return `No repository matches '${input.query}'.`;
      return [
        `${items.length} of ${count(result.total_count)} repositories matching '${input.query}':`,
        ...items.map(
          (item) =>
            `${text(item.full_name)} ★${count(item.stargazers_count)} — ${text(item.description) || '(no description)'} — ${text(item.html_url)}`,
        ),
      ].join('\n');
    }
    case 'get_repo': {
      const repository = where();
      if (repository === undefined) return missing('owner and repo');
      const { data } = await client.rest.repos.get({ ...repository, request });
      const found = data as Json;
      const topics = (found.topics as string[] | undefined) ?? [];
      return [
        `${text(found.full_name)}${found.private === true ? ' (private)' : ''}${found.archived === true ? ' (archived)' : ''}`,
        text(found.description) || '(no description)',
        `★${count(found.stargazers_count)} forks ${count(found.forks_count)} open issues ${count(found.open_issues_count)}`,
        `default branch ${text(found.default_branch)}, language ${text(found.language) || 'unknown'}, license ${text((found.license as Json | null)?.spdx_id) || 'none'}`,
        ...(topics.length > 0 ? [`topics: ${topics.join(', ')}`] : []),
        text(found.html_url),
      ].join('\n');
    }
  }
}
