/**
 * Bare base URLs (an origin without a path) completed with the path the API lives
 * under, since that is what people write for these two; any other path is kept.
 */

/** Azure: `https://<resource>.openai.azure.com` → `…/openai` (the SDK adds `/v1/chat/completions`). */
export function azureResourceUrl(baseUrl: string): string {
  return withDefaultPath(baseUrl, '/openai');
}

/** Ollama: `http://localhost:11434` → `…/v1`, where its OpenAI-compatible API is. */
export function ollamaApiUrl(baseUrl: string): string {
  return withDefaultPath(baseUrl, '/v1');
}

function withDefaultPath(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  if (url.pathname.replace(/\/+$/, '') !== '' || url.search !== '') return baseUrl;
  return `${url.origin}${path}`;
}
