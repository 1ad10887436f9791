import type { CodeLanguage } from '../discovery/languages.js';
import { extractFile } from './extract-file.js';
import type { ExtractedFile } from './extracted-file.js';
import { parserFor } from './grammar-loader.js';
import { rulesByLanguage } from './rules/rules-by-language.js';

/** Parses one source file with its language's grammar (loaded on first use) and takes out what the index keeps. */
export async function parseSource(
  language: CodeLanguage,
  source: string,
  options: { readonly statements: boolean },
): Promise<ExtractedFile> {
  const parser = await parserFor(language);
  const tree = parser.parse(source);
  if (tree === null)
    return { imports: [], namespaces: [], symbols: [], lines: source.split('\n').length, syntaxErrors: 1 };
  try {
    return extractFile(tree, source, rulesByLanguage[language], options);
  } finally {
    // The tree lives in WebAssembly memory, which the garbage collector does not see.
    tree.delete();
  }
}
