import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OnnxModelFolderError, OnnxTokenizerError } from './errors/rag-onnx-errors.js';

/** Where an export keeps the graph, in the order they are looked for when `ModelFile` names none. */
export const modelFileCandidates = [
  'model.onnx',
  'onnx/model.onnx',
  'model_quantized.onnx',
  'onnx/model_quantized.onnx',
] as const;

/** The files of a cross-encoder folder, read. */
export interface CrossEncoderFiles {
  /** The graph, absolute (onnxruntime reads it itself, with any external weights beside it). */
  readonly modelFile: string;
  readonly tokenizerFile: string;
  /** tokenizer.json, parsed. */
  readonly tokenizer: Record<string, unknown>;
  /** tokenizer_config.json, parsed; `{}` when the folder has none. */
  readonly tokenizerConfig: Record<string, unknown>;
}

/**
 * Finds and reads the model folder (host configuration, so plain node:fs rather than the agents'
 * virtual file system). Refuses with the path, what is missing and how to make a folder.
 */
export async function readCrossEncoderFolder(folder: string, modelFile?: string): Promise<CrossEncoderFiles> {
  const found = await stat(folder).catch((error: unknown) => {
    throw new OnnxModelFolderError(folder, describeMissing(error), error);
  });
  if (!found.isDirectory()) throw new OnnxModelFolderError(folder, 'is a file, not a folder');
  const candidates = modelFile === undefined ? modelFileCandidates : [modelFile];
  const model = await firstFile(candidates.map((name) => resolve(folder, name)));
  const tokenizerFile = join(folder, 'tokenizer.json');
  const hasTokenizer = await isFile(tokenizerFile);
  const missing = [
    ...(model === undefined
      ? [modelFile === undefined ? 'model.onnx (or onnx/model.onnx)' : `${modelFile} (Svc:Rag:OnnxReranker:ModelFile)`]
      : []),
    ...(hasTokenizer ? [] : ['tokenizer.json']),
  ];
  if (model === undefined || missing.length > 0)
    throw new OnnxModelFolderError(folder, `lacks ${missing.join(' and ')}`);
  const configFile = join(folder, 'tokenizer_config.json');
  return {
    modelFile: model,
    tokenizerFile,
    tokenizer: await readJsonObject(tokenizerFile),
    tokenizerConfig: (await isFile(configFile)) ? await readJsonObject(configFile) : {},
  };
}

function describeMissing(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  return `cannot be read (${error instanceof Error ? error.message : String(error)})`;
}

async function firstFile(paths: readonly string[]): Promise<string | undefined> {
  for (const path of paths) if (await isFile(path)) return path;
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new OnnxTokenizerError(file, 'cannot be read', error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new OnnxTokenizerError(file, 'is not JSON', error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new OnnxTokenizerError(file, 'is not a JSON object');
  return parsed as Record<string, unknown>;
}
