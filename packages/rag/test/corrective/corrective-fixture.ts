import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  Configuration,
  coreSettingsSections,
  createAiSdkEmbeddingProvider,
  createRuntime,
  EmbeddingProviderService,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import {
  captureLogger,
  createTemporaryDirectory,
  type RecordedRequest,
  type ScriptedModelServer,
  type ScriptedTurnFunction,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { addSvcRag, addSvcRagTools, type Rag, RagService, ragSettings } from '../../src/index.js';

// A runtime with RAG over two markdown files, the scripted model server (chat and embeddings
// over HTTP), and a local SearxNG-compatible search with its pages, reached through the guard.

export const guide = `# Orkeon guide

## Install

Run npm install orkeon in your project. Orkeon needs Node 22 or later.

## Mounts

A mount maps a folder of the machine to a virtual path with rights: ro for reading, rw for writing.
`;
export const octopus = `# Octopuses

Octopuses have three hearts and blue blood. They can change the colour of their skin in a fraction of a second.
`;

export interface CorrectiveContext {
  readonly folder: TemporaryDirectory;
  readonly server: ScriptedModelServer;
  readonly search: LocalSearch;
  runtime?: Runtime | undefined;
  start(settings?: SettingsTree): Promise<Rag>;
  close(): Promise<void>;
}

export async function startCorrectiveContext(): Promise<CorrectiveContext> {
  const folder = await createTemporaryDirectory();
  const server = await startScriptedModelServer();
  const search = await startLocalSearch();
  await mkdir(join(folder.path, 'docs'));
  await mkdir(join(folder.path, 'out'));
  await writeFile(join(folder.path, 'docs', 'guide.md'), guide);
  await writeFile(join(folder.path, 'docs', 'octopus.md'), octopus);
  const context: CorrectiveContext = {
    folder,
    server,
    search,
    async start(settings = {}) {
      const configuration = Configuration.fromObject(
        { Svc: { Rag: settings, Security: { Url: { AllowedRanges: ['127.0.0.1/32'] } } } },
        [...coreSettingsSections, ragSettings],
      );
      const services = new ServiceCollection();
      const embeddings = createOpenAICompatible({ name: 'scripted', baseURL: server.openAiBaseUrl });
      services.addInstance(
        EmbeddingProviderService,
        createAiSdkEmbeddingProvider(embeddings.embeddingModel('scripted-embedding')),
      );
      addSvcRagTools(addSvcRag(services, configuration));
      const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl });
      context.runtime = await createRuntime({
        services,
        configuration,
        logger: captureLogger().logger,
        model: {
          provider: 'openai',
          modelId: 'scripted',
          model: provider.chatModel('scripted'),
          supportsStreaming: true,
        },
        mounts: [
          { physical: join(folder.path, 'docs'), virtual: '/docs', rights: 'ro' },
          { physical: join(folder.path, 'out'), virtual: '/output', rights: 'rw' },
        ],
      });
      const rag = context.runtime.services.get(RagService);
      await rag.ingest({
        collection: 'docs',
        sources: [{ location: '/docs/guide.md' }, { location: '/docs/octopus.md' }],
      });
      return rag;
    },
    async close() {
      await context.runtime?.dispose();
      await search.close();
      await server.close();
      await folder.remove();
    },
  };
  return context;
}

/** The text of the last user message of a recorded chat request. */
export function lastUserText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as { role: string; content: unknown }[];
  const user = messages.filter((message) => message.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
}

/** A grading turn: each listed passage `[n] …` scores `high` when it contains `wanted`, else `low`. */
export function gradeHolding(wanted: string, high = 0.9, low = 0.1): ScriptedTurnFunction {
  return (request) => {
    const lines = [...lastUserText(request).matchAll(/^\[(\d+)\] (.*)$/gm)];
    return { text: lines.map(([, marker, text]) => `${marker}: ${text?.includes(wanted) ? high : low}`).join('\n') };
  };
}

export interface LocalSearch {
  readonly endpoint: string;
  readonly origin: string;
  /** The queries and the Authorization headers the search was sent. */
  readonly searches: { query: string; authorization: string | undefined }[];
  /** Pages served at `/pages/<name>`, and the results a search answers (names of pages, or whole URLs). */
  pages: Record<string, string>;
  results: string[];
  close(): Promise<void>;
}

async function startLocalSearch(): Promise<LocalSearch> {
  const search: LocalSearch = {
    endpoint: '',
    origin: '',
    searches: [],
    pages: {},
    results: [],
    close: async () => undefined,
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/search') {
      search.searches.push({ query: url.searchParams.get('q') ?? '', authorization: request.headers.authorization });
      if (url.searchParams.get('format') !== 'json') {
        response.writeHead(403, { 'content-type': 'text/plain' });
        return response.end('json format not enabled');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          query: url.searchParams.get('q'),
          // A result that is a whole URL is answered as is (an address elsewhere); a name is a page here.
          results: search.results.map((name) => ({
            url: name.startsWith('http') ? name : `${search.origin}/pages/${name}`,
            title: name,
            content: '',
          })),
        }),
      );
    }
    const page = url.pathname.startsWith('/pages/') ? search.pages[url.pathname.slice('/pages/'.length)] : undefined;
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not here');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(search, {
    origin: `http://127.0.0.1:${port}`,
    endpoint: `http://127.0.0.1:${port}/search`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
