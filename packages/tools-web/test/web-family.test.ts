import {
  Configuration,
  ConfigurationError,
  createRuntime,
  type SettingsTree,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
  toolInputJsonSchema,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createHttpApiTool,
  createWebFamily,
  type HttpApiInput,
  OptionalPackageMissingError,
  type WebSettings,
  webCatalogue,
  webFamily,
} from '../src/index.js';
import { sendJson, startServer, type TestServer, testResolver } from './web-fixture.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server[Symbol.asyncDispose]();
});

function configure(web: SettingsTree = {}): Configuration {
  return Configuration.fromObject({ Svc: { Tools: { Web: web } } }, webFamily.settingsSections);
}

const allKeys = {
  TAVILY_API_KEY: 't-key',
  BRAVE_API_KEY: 'b-key',
  GITHUB_TOKEN: 'g-key',
  SLACK_BOT_TOKEN: 's-key',
  OPENAI_API_KEY: 'o-key',
};

describe('webFamily', () => {
  it('catalogues its ten tools with their access classes, and reads the Svc:Tools:Web sections', () => {
    expect(webFamily.name).toBe('web');
    expect(webCatalogue.map((entry) => `${entry.name}:${entry.access}`)).toEqual([
      'http_api:Execute',
      'web_scrape:Read',
      'scrape_element:Read',
      'cache_search:Read',
      'web_search:Read',
      'brave_search:Read',
      'github:Read',
      'slack_send_message:Execute',
      'slack_read_messages:Read',
      'image_generation:Execute',
    ]);
    expect(webFamily.settingsSections.map((section) => section.path)).toEqual([
      'Svc:Tools:Web',
      'Svc:Tools:Web:Tavily',
      'Svc:Tools:Web:Brave',
      'Svc:Tools:Web:GitHub',
      'Svc:Tools:Web:Slack',
      'Svc:Tools:Web:ImageGeneration',
    ]);
    for (const section of webFamily.settingsSections)
      for (const [key, property] of Object.entries(section.jsonSchema.properties ?? {})) {
        expect(property.default, `${section.path}:${key}`).toBeDefined();
        expect(property.description, `${section.path}:${key}`).toBeTruthy();
      }
  });

  it('builds only the keyless tools without keys, and every tool with keys from the environment, marked as the family', async () => {
    const logger = captureLogger().logger;
    const keyless = await createWebFamily({ environment: {} }).createTools({ configuration: configure(), logger });
    expect(keyless.map((tool) => tool.name)).toEqual(['http_api', 'web_scrape', 'scrape_element', 'cache_search']);
    const all = await createWebFamily({ environment: allKeys }).createTools({ configuration: configure(), logger });
    expect(all.map((tool) => tool.name).sort()).toEqual(webCatalogue.map((entry) => entry.name).sort());
    for (const tool of all) {
      expect(toolFamilyOf(tool)).toBe('web');
      expect(tool.access).toBe(webCatalogue.find((entry) => entry.name === tool.name)?.access);
      expect(toolInputJsonSchema(tool).type).toBe('object');
    }
  });

  it('prefers the setting over the environment variable for a key', async () => {
    const configuration = Configuration.fromObject(
      { Svc: { Tools: { Web: { Brave: { ApiKey: 'from-settings' } } } } },
      webFamily.settingsSections,
    );
    const tools = await createWebFamily({ environment: {} }).createTools({
      configuration,
      logger: captureLogger().logger,
    });
    expect(tools.map((tool) => tool.name)).toContain('brave_search');
  });

  it('throws WEB_GITHUB_PACKAGE_MISSING naming the package when @octokit/rest cannot be loaded', async () => {
    // A real failed import of a package that is not installed.
    const family = createWebFamily({
      environment: { GITHUB_TOKEN: 'g-key' },
      importPackage: (name) => import(`${name}-not-installed`),
    });
    const error = await family
      .createTools({ configuration: configure(), logger: captureLogger().logger })
      .catch((caught: unknown) => caught);
    expect(OptionalPackageMissingError.isInstance(error)).toBe(true);
    expect((error as OptionalPackageMissingError).code).toBe('WEB_GITHUB_PACKAGE_MISSING');
    expect((error as Error).message).toBe(
      "The 'github' tool needs the optional package '@octokit/rest', which is not installed: run `npm install @octokit/rest`, or leave the tool's key unset so it is not built.",
    );
    const missing = createWebFamily({
      environment: { SLACK_BOT_TOKEN: 's-key' },
      importPackage: async (name) => {
        throw Object.assign(new Error(`Cannot find package '${name}' imported from /app/index.js`), {
          code: 'ERR_MODULE_NOT_FOUND',
        });
      },
    });
    const slackError = await missing
      .createTools({ configuration: configure(), logger: captureLogger().logger })
      .catch((caught: unknown) => caught);
    expect(OptionalPackageMissingError.isInstance(slackError)).toBe(true);
    expect((slackError as OptionalPackageMissingError).code).toBe('WEB_SLACK_PACKAGE_MISSING');
    expect((slackError as Error).message).toContain('run `npm install @slack/web-api`');
  });

  it('stops at start on a malformed allowed host or range, naming the key', () => {
    expect(() => configure({ AllowedHosts: ['http://intranet'] })).toThrow(ConfigurationError);
    expect(() => configure({ AllowedRanges: ['10.0.0.0/99'] })).toThrow(/Svc:Tools:Web:AllowedRanges/);
    expect(() => createHttpApiTool({ UserAgent: 'a\r\nX-Injected: 1' })).toThrow(ConfigurationError);
  });

  it('calls http_api through the real pipeline of a runtime', async () => {
    const server = await startServer((request, response) => sendJson(response, { path: request.url }));
    servers.push(server);
    const tools = await createWebFamily({ environment: {}, resolve: testResolver() }).createTools({
      configuration: configure({ AllowedHosts: [`127.0.0.1:${server.port}`] }),
      logger: captureLogger().logger,
    });
    await using runtime = await createRuntime({ tools });
    const result = await runtime.pipeline.invoke({
      tool: 'http_api',
      input: JSON.stringify({ url: `${server.url}/ping` }),
      caller: { kind: 'host' },
    });
    expect(result.outcome).toBe('Success');
    expect(result.output).toContain('{"path":"/ping"}');
    const refused = await runtime.pipeline.invoke({
      tool: 'web_scrape',
      input: { url: 'http://metadata.test/latest/meta-data/' },
      caller: { kind: 'host' },
    });
    expect(refused.outcome).toBe('Denied');
    expect(refused.output).toContain('cloud metadata address');
    const invalid = await runtime.pipeline.invoke({ tool: 'http_api', input: { url: 5 }, caller: { kind: 'host' } });
    expect(invalid.outcome).toBe('Failure');
  });

  it('offers typed exports', () => {
    expectTypeOf(webFamily).toEqualTypeOf<ToolFamily>();
    expectTypeOf(createHttpApiTool).returns.toEqualTypeOf<Tool<HttpApiInput>>();
    expectTypeOf<HttpApiInput['method']>().toEqualTypeOf<
      'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
    >();
    expectTypeOf<WebSettings['AllowedHosts']>().toEqualTypeOf<string[]>();
    expectTypeOf<WebSettings['TimeoutSeconds']>().toEqualTypeOf<number>();
  });
});
