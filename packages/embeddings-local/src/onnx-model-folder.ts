import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { OnnxModelFolderError } from './errors/local-embeddings-errors.js';

/** The files of a sentence-transformer folder besides the graph, as transformers.js reads them. */
export const onnxModelFiles = ['tokenizer.json', 'tokenizer_config.json', 'config.json'] as const;

/** What was found in an ONNX model folder. */
export interface OnnxModelFolder {
  /** The folder, absolute. */
  readonly path: string;
  /** Where `model.onnx` is: `onnx` (the Hub's layout) or `''` (the folder itself). */
  readonly subfolder: 'onnx' | '';
  /** The vector length `config.json` gives (`hidden_size`), when it gives one. */
  readonly dimensions: number | undefined;
}

/**
 * Checks that `path` (absolute) holds an ONNX sentence model: `onnx/model.onnx` or
 * `model.onnx`, with its tokenizer and config files. Refuses, naming every file that
 * is missing and how to fetch a model, otherwise.
 */
export function inspectOnnxModelFolder(path: string): OnnxModelFolder {
  if (!existsSync(path)) throw new OnnxModelFolderError(path, 'does not exist');
  if (!statSync(path).isDirectory()) throw new OnnxModelFolderError(path, 'is a file, not a folder');
  const subfolder = isFile(join(path, 'onnx', 'model.onnx'))
    ? 'onnx'
    : isFile(join(path, 'model.onnx'))
      ? ''
      : undefined;
  const missing = [
    ...(subfolder === undefined ? ['model.onnx (or onnx/model.onnx)'] : []),
    ...onnxModelFiles.filter((file) => !isFile(join(path, file))),
  ];
  if (missing.length > 0 || subfolder === undefined)
    throw new OnnxModelFolderError(path, `lacks ${missing.join(', ')}`);
  return { path, subfolder, dimensions: hiddenSize(path) };
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function hiddenSize(folder: string): number | undefined {
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(join(folder, 'config.json'), 'utf8'));
  } catch {
    throw new OnnxModelFolderError(folder, 'has a config.json that is not JSON');
  }
  const size =
    typeof config === 'object' && config !== null ? (config as { hidden_size?: unknown }).hidden_size : undefined;
  return typeof size === 'number' && Number.isInteger(size) && size > 0 ? size : undefined;
}
