/** One server-sent event: its `event` name (`message` when absent) and its joined `data` lines. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Reads `text/event-stream` chunks and yields each complete event. Handles `\n`,
 * `\r\n` and `\r` line ends, multi-line `data`, comments and chunk boundaries anywhere.
 */
export async function* readServerSentEvents(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const takeLine = (line: string): ServerSentEvent | undefined => {
    if (line === '') {
      const complete = data.length > 0 ? { event: event || 'message', data: data.join('\n') } : undefined;
      event = '';
      data = [];
      return complete;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    return undefined;
  };
  for await (const chunk of chunks) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let match = /\r\n|\r|\n/.exec(buffer);
    // A lone '\r' at the end may be the first half of '\r\n': wait for more.
    while (match !== null && !(match[0] === '\r' && match.index === buffer.length - 1)) {
      const complete = takeLine(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
      if (complete !== undefined) yield complete;
      match = /\r\n|\r|\n/.exec(buffer);
    }
  }
  buffer += decoder.decode();
  if (buffer.length > 0) {
    const complete = takeLine(buffer);
    if (complete !== undefined) yield complete;
  }
  const last = takeLine('');
  if (last !== undefined) yield last;
}
