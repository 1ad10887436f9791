import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

const baseUrl = (fallback: string, what: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .describe(`Where ${what} is reached; its host is allowed for this service only (point it at a test server).`);

/** `Svc:Tools:Web:Tavily`: the `web_search` tool. */
export const tavilySettings = defineSettingsSection(
  'Svc:Tools:Web:Tavily',
  z.object({
    ApiKey: z
      .string()
      .default('')
      .describe('The Tavily API key; empty reads TAVILY_API_KEY. Without one, web_search is not built.'),
    BaseUrl: baseUrl('https://api.tavily.com', 'the Tavily API'),
    MaxResults: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(5)
      .describe('Results a search answers when the call names no number.'),
    SearchDepth: z
      .enum(['basic', 'advanced'])
      .default('basic')
      .describe("Tavily's search_depth ('advanced' costs more credits)."),
  }),
  { description: 'The web_search tool (Tavily).' },
);

/** `Svc:Tools:Web:Brave`: the `brave_search` tool. */
export const braveSettings = defineSettingsSection(
  'Svc:Tools:Web:Brave',
  z.object({
    ApiKey: z
      .string()
      .default('')
      .describe('The Brave Search API key; empty reads BRAVE_API_KEY. Without one, brave_search is not built.'),
    BaseUrl: baseUrl('https://api.search.brave.com/res/v1', 'the Brave Search API'),
    MaxResults: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(5)
      .describe('Results a search answers when the call names no number.'),
  }),
  { description: 'The brave_search tool (Brave Search API).' },
);

/** `Svc:Tools:Web:GitHub`: the `github` tool. */
export const gitHubSettings = defineSettingsSection(
  'Svc:Tools:Web:GitHub',
  z.object({
    Token: z
      .string()
      .default('')
      .describe('A GitHub token; empty reads GITHUB_TOKEN. Without one, github is not built.'),
    BaseUrl: baseUrl('https://api.github.com', 'the GitHub REST API (GitHub Enterprise: https://host/api/v3)'),
    AllowWrites: z
      .boolean()
      .default(false)
      .describe(
        "Allow the create_issue action. The tool's access class is then Execute instead of Read, so the permission gate asks.",
      ),
  }),
  { description: 'The github tool (GitHub REST API through @octokit/rest).' },
);

/** `Svc:Tools:Web:Slack`: the `slack_send_message` and `slack_read_messages` tools. */
export const slackSettings = defineSettingsSection(
  'Svc:Tools:Web:Slack',
  z.object({
    BotToken: z
      .string()
      .default('')
      .describe('A Slack bot token (xoxb-…); empty reads SLACK_BOT_TOKEN. Without one, the Slack tools are not built.'),
    BaseUrl: baseUrl('https://slack.com/api/', 'the Slack Web API'),
    AllowBroadcastMentions: z
      .boolean()
      .default(false)
      .describe(
        'Let messages notify whole channels (<!channel>, <!here>, <!everyone>); otherwise they are sent as plain text.',
      ),
  }),
  { description: 'The Slack tools (Slack Web API through @slack/web-api).' },
);

/** `Svc:Tools:Web:ImageGeneration`: the `image_generation` tool. */
export const imageGenerationSettings = defineSettingsSection(
  'Svc:Tools:Web:ImageGeneration',
  z.object({
    ApiKey: z
      .string()
      .default('')
      .describe('An OpenAI API key; empty reads OPENAI_API_KEY. Without one, image_generation is not built.'),
    BaseUrl: baseUrl('https://api.openai.com/v1', 'the OpenAI images API (or a compatible one)'),
    Model: z.string().min(1).default('gpt-image-1').describe('The image model.'),
    Size: z
      .string()
      .regex(/^\d{2,5}x\d{2,5}$/, 'width x height, e.g. 1024x1024')
      .default('1024x1024')
      .describe('The image size when the call names none.'),
    MaxImages: z.number().int().min(1).max(10).default(4).describe('Images one call may ask for.'),
  }),
  { description: 'The image_generation tool (OpenAI images through the AI SDK).' },
);

export type TavilySettings = z.output<typeof tavilySettings.schema>;
export type TavilySettingsInput = z.input<typeof tavilySettings.schema>;
export type BraveSettings = z.output<typeof braveSettings.schema>;
export type BraveSettingsInput = z.input<typeof braveSettings.schema>;
export type GitHubSettings = z.output<typeof gitHubSettings.schema>;
export type GitHubSettingsInput = z.input<typeof gitHubSettings.schema>;
export type SlackSettings = z.output<typeof slackSettings.schema>;
export type SlackSettingsInput = z.input<typeof slackSettings.schema>;
export type ImageGenerationSettings = z.output<typeof imageGenerationSettings.schema>;
export type ImageGenerationSettingsInput = z.input<typeof imageGenerationSettings.schema>;

export const bindTavilySettings = (settings: TavilySettingsInput = {}): TavilySettings =>
  bindSettingsInCode(tavilySettings, settings);
export const bindBraveSettings = (settings: BraveSettingsInput = {}): BraveSettings =>
  bindSettingsInCode(braveSettings, settings);
export const bindGitHubSettings = (settings: GitHubSettingsInput = {}): GitHubSettings =>
  bindSettingsInCode(gitHubSettings, settings);
export const bindSlackSettings = (settings: SlackSettingsInput = {}): SlackSettings =>
  bindSettingsInCode(slackSettings, settings);
export const bindImageGenerationSettings = (settings: ImageGenerationSettingsInput = {}): ImageGenerationSettings =>
  bindSettingsInCode(imageGenerationSettings, settings);
