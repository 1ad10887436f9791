import { once } from './once.js';

/**
 * The official AI SDK package of each dialect, imported when a model of that dialect is first
 * called, not when one is made: a command that checks a crew, or runs on one provider, never
 * loads the packages of the others. A failed import stays failed: every call names it.
 */
export const dialectPackages = {
  openai: once(() => import('@ai-sdk/openai')),
  anthropic: once(() => import('@ai-sdk/anthropic')),
  azure: once(() => import('@ai-sdk/azure')),
  openAiCompatible: once(() => import('@ai-sdk/openai-compatible')),
};
