/** Plain-fetch helpers for talking to the scripted model server the way a provider client does. */

export interface JsonReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export interface ServerSentEvent {
  readonly event: string | undefined;
  readonly data: string;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Posts a streaming request and returns the response, checking it is an event stream. */
export async function postStream(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, stream: true }),
  });
  if (response.headers.get('content-type') !== 'text/event-stream') {
    throw new Error(`expected an event stream, got ${response.status} ${await response.text()}`);
  }
  return response;
}

/** Parses a whole `text/event-stream` body: blocks separated by a blank line, `event:` and `data:` fields. */
export function parseServerSentEvents(text: string): ServerSentEvent[] {
  if (!text.endsWith('\n\n'))
    throw new Error(`the stream does not end with a blank line: ${JSON.stringify(text.slice(-40))}`);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice('event: '.length);
        else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
        else throw new Error(`unexpected line in the event stream: ${JSON.stringify(line)}`);
      }
      return { event, data: data.join('\n') };
    });
}

export async function readServerSentEvents(response: Response): Promise<ServerSentEvent[]> {
  return parseServerSentEvents(await response.text());
}

/** The chunk fields the OpenAI tests read. */
export interface OpenAiChunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: string;
      content?: string;
      tool_calls?: { index: number; id?: string; type?: string; function: { name?: string; arguments?: string } }[];
    };
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** The event fields the Anthropic tests read. */
export interface AnthropicEvent {
  type: string;
  index?: number;
  message?: { id: string; model: string; content: unknown[]; usage: { input_tokens: number; output_tokens: number } };
  content_block?: { type: string; text?: string; id?: string; name?: string; input?: unknown };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string; stop_sequence?: null };
  usage?: { output_tokens: number };
}

export const openAiRequest = {
  model: 'gpt-test',
  messages: [{ role: 'user', content: 'Say hello.' }],
};

export const anthropicRequest = {
  model: 'claude-test',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Say hello.' }],
};

export const anthropicHeaders = { 'anthropic-version': '2023-06-01' };
