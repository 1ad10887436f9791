// A plugin in one file (the flat layout): it adds the tool `word_stats` to every run.
// It exports name, version and configureServices by name; no build step.
import { defineTool, ToolService } from '@orkeon/core';
import { z } from 'zod';

export const name = 'word-stats';
export const version = '1.0.0';

const wordStats = defineTool({
  name: 'word_stats',
  description: 'Counts the words, sentences and characters of a text, and gives its longest word.',
  access: 'Read',
  input: z.object({ text: z.string().describe('The text to measure') }),
  execute: async ({ text }) => {
    const words = text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
    const sentences = text.split(/[.!?]+/).filter((part) => part.trim() !== '').length;
    const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
    return JSON.stringify({ words: words.length, sentences, characters: text.length, longest });
  },
});

/** Tools registered as ToolService join every run's tool registry; agents name them in `tools:`. */
export function configureServices(services) {
  services.addInstance(ToolService, wordStats);
}
