/** The `fetch` the AI SDK calls; give your own to route, record or stub HTTP. */
export type FetchFunction = typeof globalThis.fetch;
