import type { ToolCatalogueEntry } from '@orkeon/core';

/** Every tool of the `web` family, known without building any. */
export const webCatalogue: readonly ToolCatalogueEntry[] = [
  {
    name: 'http_api',
    access: 'Execute',
    summary: 'Calls an HTTP API (any method, headers, body) through the network guard.',
  },
  { name: 'web_scrape', access: 'Read', summary: 'Reads the visible text, title and links of a web page.' },
  { name: 'scrape_element', access: 'Read', summary: 'Reads the elements of a web page a CSS selector matches.' },
  { name: 'cache_search', access: 'Read', summary: 'Searches the text of pages already fetched in this process.' },
  {
    name: 'web_search',
    access: 'Read',
    summary: 'Searches the web with Tavily.',
    needs: 'TAVILY_API_KEY or Svc:Tools:Web:Tavily:ApiKey',
  },
  {
    name: 'brave_search',
    access: 'Read',
    summary: 'Searches the web with Brave Search.',
    needs: 'BRAVE_API_KEY or Svc:Tools:Web:Brave:ApiKey',
  },
  {
    name: 'github',
    access: 'Read',
    summary:
      'GitHub issues, pull requests and repositories; create_issue only with AllowWrites (the tool is then Execute).',
    needs: 'GITHUB_TOKEN or Svc:Tools:Web:GitHub:Token; the package @octokit/rest',
  },
  {
    name: 'slack_send_message',
    access: 'Execute',
    summary: 'Posts a message to a Slack channel.',
    needs: 'SLACK_BOT_TOKEN or Svc:Tools:Web:Slack:BotToken; the package @slack/web-api',
  },
  {
    name: 'slack_read_messages',
    access: 'Read',
    summary: 'Reads the latest messages of a Slack channel.',
    needs: 'SLACK_BOT_TOKEN or Svc:Tools:Web:Slack:BotToken; the package @slack/web-api',
  },
  {
    name: 'image_generation',
    access: 'Execute',
    summary: 'Generates images from a prompt (OpenAI image models through the AI SDK).',
    needs: 'OPENAI_API_KEY or Svc:Tools:Web:ImageGeneration:ApiKey',
  },
];
