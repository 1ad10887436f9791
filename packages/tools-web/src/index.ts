export {
  type CacheSearchInput,
  cacheSearchInput,
  cacheSearchToolName,
  createCacheSearchTool,
} from './cache/cache-search-tool.js';
export {
  type CachedPage,
  type CachedPageSource,
  PageCache,
  type PageCacheOptions,
  type PageSearchHit,
} from './cache/page-cache.js';
export { type ToolsWebErrorCode, toolsWebErrorCodes } from './errors/error-codes.js';
export { OptionalPackageMissingError } from './errors/optional-package-error.js';
export { webCatalogue } from './family/web-catalogue.js';
export { createWebFamily, type WebFamilyOptions, webFamily, webFamilyName } from './family/web-family.js';
export { type GitHubInput, gitHubInput } from './github/github-input.js';
export { createGitHubTool, type GitHubToolOptions, gitHubToolName } from './github/github-tool.js';
export { type ContentType, parseContentType } from './http/body-text.js';
export { maxHeaderCount, maxHeaderValueLength, requestHeadersProblem } from './http/header-rules.js';
export { createHttpApiTool, type HttpApiInput, httpApiInput, httpApiToolName } from './http/http-api-tool.js';
export {
  WebHttpClient,
  type WebHttpClientOptions,
  type WebHttpOutcome,
  type WebHttpRequest,
  type WebHttpResponse,
} from './http/web-http-client.js';
export {
  createImageGenerationTool,
  type ImageGenerationInput,
  imageGenerationInput,
  imageGenerationToolName,
} from './image/image-generation-tool.js';
export type { PackageImporter } from './optional-package.js';
export {
  createScrapeElementTool,
  type ScrapeElementInput,
  scrapeElementInput,
  scrapeElementToolName,
} from './scrape/scrape-element-tool.js';
export {
  createWebScrapeTool,
  type WebScrapeInput,
  webScrapeInput,
  webScrapeToolName,
} from './scrape/web-scrape-tool.js';
export {
  type BraveSearchInput,
  braveSearchInput,
  braveSearchToolName,
  createBraveSearchTool,
} from './search/brave-search-tool.js';
export {
  createWebSearchTool,
  type WebSearchInput,
  webSearchInput,
  webSearchToolName,
} from './search/tavily-search-tool.js';
export {
  type BraveSettings,
  type BraveSettingsInput,
  bindBraveSettings,
  bindGitHubSettings,
  bindImageGenerationSettings,
  bindSlackSettings,
  bindTavilySettings,
  braveSettings,
  type GitHubSettings,
  type GitHubSettingsInput,
  gitHubSettings,
  type ImageGenerationSettings,
  type ImageGenerationSettingsInput,
  imageGenerationSettings,
  type SlackSettings,
  type SlackSettingsInput,
  slackSettings,
  type TavilySettings,
  type TavilySettingsInput,
  tavilySettings,
} from './settings/service-settings.js';
export { bindWebSettings, type WebSettings, type WebSettingsInput, webSettings } from './settings/web-settings.js';
export {
  createSlackTools,
  neutralizeBroadcasts,
  type SlackReadMessagesInput,
  type SlackSendMessageInput,
  type SlackToolOptions,
  slackReadMessagesInput,
  slackReadMessagesToolName,
  slackSendMessageInput,
  slackSendMessageToolName,
} from './slack/slack-tools.js';
export { createPageCache, createWebHttpClient, type WebToolOptions } from './web-tool-parts.js';
