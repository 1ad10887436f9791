import { readFile } from 'node:fs/promises';

/** Every ```ts block of a docs page, as written (a page's example must be word for word one of them). */
export async function docsCodeBlocks(pagePath: string): Promise<string[]> {
  const text = await readFile(pagePath, 'utf8');
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/**
 * The whole programs of a docs page: the ```ts blocks that start with their imports. The other blocks are
 * fragments (a line for the host, a settings file) that do not run on their own.
 */
export async function docsPrograms(pagePath: string): Promise<string[]> {
  return (await docsCodeBlocks(pagePath)).filter((code) => code.startsWith('import '));
}
