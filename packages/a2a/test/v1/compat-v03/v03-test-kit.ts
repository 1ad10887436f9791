import { AgentDirectory, sharedAgentRegistrationStore } from '@orkeon/a2a';

/** What the agents of the 0.3 tests do, for a test to steer and read. */
export interface V03Agents {
  /** Lets the `slow` agent's running tasks finish. */
  release(): void;
  /** The input text each agent got, by skill, in order. */
  readonly inputs: { readonly skill: string; readonly input: string }[];
  /** What the `asker`'s question got back. */
  readonly answers: unknown[];
}

/**
 * Registers `echo` (answers `echo: <input>` at once), `slow` (answers when released,
 * gives up when cancelled) and `asker` (asks "Which city?" and plans with the answer).
 */
export function registerV03Agents(): V03Agents {
  sharedAgentRegistrationStore.clear();
  const directory = new AgentDirectory();
  const waiting: (() => void)[] = [];
  const inputs: { skill: string; input: string }[] = [];
  const answers: unknown[] = [];
  directory.register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats the input',
    tags: ['echo'],
    kind: 'local',
    handler: async (request) => {
      inputs.push({ skill: 'echo', input: request.input });
      return `echo: ${request.input}`;
    },
  });
  directory.register({
    id: 'slow',
    name: 'Slow',
    description: 'Answers when released',
    tags: [],
    kind: 'local',
    handler: (request, signal) =>
      new Promise<string>((resolve, reject) => {
        inputs.push({ skill: 'slow', input: request.input });
        waiting.push(() => resolve(`done: ${request.input}`));
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  });
  directory.register({
    id: 'asker',
    name: 'Asker',
    description: 'Asks for a city, then plans',
    tags: [],
    kind: 'local',
    handler: async (request, signal, task) => {
      const answer = await task?.requestInput?.('Which city?', signal);
      answers.push(answer);
      return answer?.answered === true ? `plan for ${answer.value} (${request.input})` : 'no city';
    },
  });
  return {
    release: () => {
      for (const release of waiting.splice(0)) release();
    },
    inputs,
    answers,
  };
}

export interface RpcAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** One JSON-RPC call; `version` is the `A2A-Version` header (none when undefined). */
export async function rpc(
  url: string,
  method: string,
  params: unknown,
  version?: string,
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(version === undefined ? {} : { 'a2a-version': version }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 11, method, params }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/**
 * A streaming JSON-RPC call, read as it arrives: each SSE `data:` frame, parsed, until
 * the server closes the stream.
 */
export async function* openRpcStream(
  url: string,
  method: string,
  params: unknown,
  version?: string,
): AsyncGenerator<Record<string, unknown>> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(version === undefined ? {} : { 'a2a-version': version }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'stream-1', method, params }),
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream'))
    throw new Error(`not a stream: ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body ?? []) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (frame.startsWith('data: ')) yield JSON.parse(frame.slice(6)) as Record<string, unknown>;
      boundary = buffer.indexOf('\n\n');
    }
  }
}

/** A streaming JSON-RPC call: every frame, once the server closed the stream. */
export async function rpcStream(
  url: string,
  method: string,
  params: unknown,
  version?: string,
): Promise<Record<string, unknown>[]> {
  const frames: Record<string, unknown>[] = [];
  for await (const frame of openRpcStream(url, method, params, version)) frames.push(frame);
  return frames;
}

/** A 0.3 user message with text parts (and more fields). */
export function v03Message(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'text', text }], ...extra };
}

/** Polls `check` until it is true (a task reaching a state, say); fails after two seconds. */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
