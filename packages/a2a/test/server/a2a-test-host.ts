import {
  Configuration,
  createLogger,
  type DocumentStore,
  DocumentStoreService,
  LoggerService,
  ServiceCollection,
  type ServiceProvider,
  type SettingsTree,
  type SettingsValue,
} from '@orkeon/core';
import {
  type A2AServer,
  type A2ASettingsInput,
  type AddSvcA2AOptions,
  a2aSecuritySettings,
  a2aSettings,
  addSvcA2A,
  addSvcA2ATaskPersistence,
  startA2AServer,
} from '../../src/index.js';

export interface TestHost {
  readonly url: string;
  readonly server: A2AServer;
  readonly provider: ServiceProvider;
  close(): Promise<void>;
}

export interface TestHostOptions {
  readonly settings?: A2ASettingsInput;
  /** The `A2A:Security` section. */
  readonly security?: SettingsTree;
  /** With a store, task persistence is enabled over it. */
  readonly store?: DocumentStore;
  /** Runs before addSvcA2A. */
  readonly before?: (services: ServiceCollection) => void;
  /** Runs after addSvcA2A. */
  readonly after?: (services: ServiceCollection) => void;
  /** More options of addSvcA2A (the clock, the id generator). */
  readonly a2a?: AddSvcA2AOptions;
}

/** A real A2A server on 127.0.0.1 with a free port, built through addSvcA2A. */
export async function startTestHost(options: TestHostOptions = {}): Promise<TestHost> {
  const services = new ServiceCollection();
  services.addInstance(LoggerService, createLogger({ level: 'silent' }));
  if (options.store !== undefined) services.addInstance(DocumentStoreService, options.store);
  options.before?.(services);
  const given: SettingsTree = { EnableServer: true, Host: '127.0.0.1', Port: 0 };
  for (const [key, value] of Object.entries(options.settings ?? {}))
    if (value !== undefined) given[key] = value as SettingsValue;
  if (options.security !== undefined) given.Security = options.security;
  const configuration = Configuration.fromObject({ A2A: given }, [a2aSettings, a2aSecuritySettings]);
  addSvcA2A(services, configuration, { acknowledgeExperimental: true, ...options.a2a });
  if (options.store !== undefined) addSvcA2ATaskPersistence(services);
  options.after?.(services);
  const provider = services.build();
  const server = await startA2AServer(provider);
  const url = server.address?.url ?? '';
  return {
    url,
    server,
    provider,
    close: async () => {
      await server.stop(5);
      await provider.dispose();
    },
  };
}

export async function postJson(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function requestJson(
  method: string,
  url: string,
): Promise<{ status: number; body: Record<string, unknown>; contentType: string | null }> {
  const response = await fetch(url, { method });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

export interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
}

/** A small SSE reader: posts the body and collects every message until the stream ends. */
export async function readSse(
  url: string,
  body: unknown,
): Promise<{ status: number; contentType: string | null; messages: SseMessage[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  const messages: SseMessage[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      messages.push({ event, data: data.join('\n') });
      boundary = buffer.indexOf('\n\n');
    }
  }
  return { status: response.status, contentType: response.headers.get('content-type'), messages };
}

export function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
