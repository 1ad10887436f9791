import { z } from 'zod';

const owner = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'a GitHub user or organisation name (letters, digits, -)')
  .describe('The owner (user or organisation) of the repository.');
const repo = z
  .string()
  .regex(/^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/, 'a repository name (letters, digits, ., _, -)')
  .describe('The repository name.');

export const gitHubInput = z.strictObject({
  action: z
    .enum(['list_issues', 'create_issue', 'get_pr', 'search_repos', 'get_repo'])
    .describe(
      'What to do. list_issues, create_issue, get_pr and get_repo need owner and repo; search_repos needs query.',
    ),
  owner: owner.optional(),
  repo: repo.optional(),
  number: z.number().int().min(1).optional().describe('get_pr: the pull request number.'),
  query: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('search_repos: a GitHub search query, e.g. "vector database language:rust".'),
  state: z.enum(['open', 'closed', 'all']).default('open').describe('list_issues: which issues.'),
  labels: z
    .array(z.string().min(1).max(50))
    .max(20)
    .optional()
    .describe('list_issues: only these labels; create_issue: labels to set.'),
  title: z.string().min(1).max(256).optional().describe('create_issue: the title.'),
  body: z.string().max(65_536).optional().describe('create_issue: the text (Markdown).'),
  limit: z.number().int().min(1).max(50).default(10).describe('list_issues, search_repos: how many to answer.'),
});

export type GitHubInput = z.output<typeof gitHubInput>;
