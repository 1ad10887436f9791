import { type HostResolver, inToolFamily, type Tool, type ToolFamily, type ToolFamilyContext } from '@orkeon/core';
import { createCacheSearchTool } from '../cache/cache-search-tool.js';
import { createGitHubTool } from '../github/github-tool.js';
import { createHttpApiTool } from '../http/http-api-tool.js';
import { createImageGenerationTool } from '../image/image-generation-tool.js';
import { importPackage, loadOptionalPackage, type PackageImporter } from '../optional-package.js';
import { createScrapeElementTool } from '../scrape/scrape-element-tool.js';
import { createWebScrapeTool } from '../scrape/web-scrape-tool.js';
import { createBraveSearchTool } from '../search/brave-search-tool.js';
import { createWebSearchTool } from '../search/tavily-search-tool.js';
import { secretOrEnvironment } from '../settings/secret-or-environment.js';
import {
  braveSettings,
  gitHubSettings,
  imageGenerationSettings,
  slackSettings,
  tavilySettings,
} from '../settings/service-settings.js';
import { webSettings } from '../settings/web-settings.js';
import { createSlackTools } from '../slack/slack-tools.js';
import { createPageCache, createWebHttpClient } from '../web-tool-parts.js';
import { webCatalogue } from './web-catalogue.js';

export const webFamilyName = 'web';

export interface WebFamilyOptions {
  /** Where keys are read when their setting is empty. Default: `process.env` at `createTools`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** Resolves host names for the network guard. Default: the system resolver. */
  readonly resolve?: HostResolver;
  /** Loads the optional peer packages. Default: `import()`. */
  readonly importPackage?: PackageImporter;
}

/**
 * The `web` family with options: another environment for the keys, another resolver
 * for the guard (tests), another package loader. `webFamily` is this with the defaults.
 */
export function createWebFamily(options: WebFamilyOptions = {}): ToolFamily {
  return {
    name: webFamilyName,
    description: 'HTTP APIs and web pages behind the network guard, web search, GitHub, Slack and image generation.',
    catalogue: webCatalogue,
    settingsSections: [
      webSettings,
      tavilySettings,
      braveSettings,
      gitHubSettings,
      slackSettings,
      imageGenerationSettings,
    ],
    createTools: (context) => createWebTools(context, options),
  };
}

/** The `web` tool family: keyed tools only when their key is set (in settings, or its environment variable). */
export const webFamily: ToolFamily = createWebFamily();

async function createWebTools(context: ToolFamilyContext, options: WebFamilyOptions): Promise<readonly Tool[]> {
  const { configuration, logger } = context;
  const environment = options.environment ?? process.env;
  const importer = options.importPackage ?? importPackage;
  const resolve = options.resolve === undefined ? {} : { resolve: options.resolve };
  const web = configuration.get(webSettings);
  // One client (one connection pool) and one cache for the tools that fetch pages, so cache_search sees them all.
  const shared = { client: createWebHttpClient(web, resolve), cache: createPageCache(web) };
  const tools: Tool[] = [
    createHttpApiTool(web, shared),
    createWebScrapeTool(web, shared),
    createScrapeElementTool(web, shared),
    createCacheSearchTool(shared.cache),
  ];
  const tavily = configuration.get(tavilySettings);
  const tavilyKey = secretOrEnvironment(tavily.ApiKey, 'TAVILY_API_KEY', environment);
  if (tavilyKey !== undefined) tools.push(createWebSearchTool(tavilyKey, { web, tavily }, resolve));
  const brave = configuration.get(braveSettings);
  const braveKey = secretOrEnvironment(brave.ApiKey, 'BRAVE_API_KEY', environment);
  if (braveKey !== undefined) tools.push(createBraveSearchTool(braveKey, { web, brave }, resolve));
  const github = configuration.get(gitHubSettings);
  const githubToken = secretOrEnvironment(github.Token, 'GITHUB_TOKEN', environment);
  if (githubToken !== undefined) {
    await loadOptionalPackage('@octokit/rest', importer);
    tools.push(createGitHubTool(githubToken, { web, github }, { ...resolve, importPackage: importer }));
  }
  const slack = configuration.get(slackSettings);
  const slackToken = secretOrEnvironment(slack.BotToken, 'SLACK_BOT_TOKEN', environment);
  if (slackToken !== undefined) {
    await loadOptionalPackage('@slack/web-api', importer);
    tools.push(...createSlackTools(slackToken, { web, slack }, { ...resolve, logger, importPackage: importer }));
  }
  const image = configuration.get(imageGenerationSettings);
  const imageKey = secretOrEnvironment(image.ApiKey, 'OPENAI_API_KEY', environment);
  if (imageKey !== undefined) tools.push(createImageGenerationTool(imageKey, { web, image }, resolve));
  logger.debug({ tools: tools.map((tool) => tool.name) }, 'web tools built');
  return tools.map((tool) => inToolFamily(tool, webFamilyName));
}
