import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { type CodeLanguage, grammarNames } from '../discovery/languages.js';
import { RaggableTreeError } from '../errors/raggable-tree-error.js';

// web-tree-sitter and the grammars are WebAssembly: nothing of them loads until the first
// file of a language is parsed, so that a program that never indexes pays nothing.

type TreeSitter = typeof import('web-tree-sitter');

let runtime: Promise<TreeSitter> | undefined;
const parsers = new Map<CodeLanguage, Promise<Parser>>();

function treeSitter(): Promise<TreeSitter> {
  runtime ??= import('web-tree-sitter').then(async (module) => {
    await module.Parser.init();
    return module;
  });
  return runtime;
}

/** Where `@vscode/tree-sitter-wasm` keeps the grammar of `language`. */
function grammarPath(language: CodeLanguage): string {
  const manifest = createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm/package.json');
  return join(dirname(manifest), 'wasm', `tree-sitter-${grammarNames[language]}.wasm`);
}

/** The parser of `language`, its grammar loaded on first use and kept for the life of the process. */
export function parserFor(language: CodeLanguage): Promise<Parser> {
  let parser = parsers.get(language);
  if (parser === undefined) {
    parser = (async () => {
      const { Language, Parser } = await treeSitter();
      const path = grammarPath(language);
      let grammar: InstanceType<typeof Language>;
      try {
        grammar = await Language.load(path);
      } catch (error) {
        throw new RaggableTreeError(
          'CODEBASE_GRAMMAR_UNAVAILABLE',
          `The ${language} grammar could not be loaded from ${path}: ${(error as Error).message}. Reinstall @vscode/tree-sitter-wasm (npm ci).`,
          { cause: error },
        );
      }
      return new Parser().setLanguage(grammar);
    })();
    parser.catch(() => parsers.delete(language));
    parsers.set(language, parser);
  }
  return parser;
}
