import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../../src/client/sse-stream.js';

async function collect(chunks: string[]) {
  async function* source() {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  }
  const events = [];
  for await (const event of readServerSentEvents(source())) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events, multi-line data and comments across chunk boundaries and CRLF', async () => {
    const events = await collect([
      ': hello\r',
      '\nevent: sta',
      'tus\r\ndata: {"a":\r\ndata: 1}\r',
      '\n\r\ndata: [DONE]\n',
      '\n',
    ]);
    expect(events).toEqual([
      { event: 'status', data: '{"a":\n1}' },
      { event: 'message', data: '[DONE]' },
    ]);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n');
    async function* source() {
      yield bytes.slice(0, 9);
      yield bytes.slice(9);
    }
    const events = [];
    for await (const event of readServerSentEvents(source())) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'café' }]);
  });
});
