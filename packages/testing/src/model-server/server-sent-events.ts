/** One server-sent event: an optional event name and one line of data. */
export interface ServerSentEvent {
  readonly event?: string;
  readonly data: string;
}

/** An event whose data is `payload` as JSON; Anthropic names its events, OpenAI does not. */
export function jsonEvent(payload: unknown, event?: string): ServerSentEvent {
  const data = JSON.stringify(payload);
  return event === undefined ? { data } : { event, data };
}

/** The wire form: `event: <name>` (when named), `data: <data>`, then a blank line. */
export function encodeServerSentEvent({ event, data }: ServerSentEvent): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`;
}
