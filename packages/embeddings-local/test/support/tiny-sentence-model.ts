// A sentence-transformer folder small enough to check by hand: a WordLevel tokenizer over eight words and
// an ONNX graph that is one Gather over a 4-dimension embedding table, written as protobuf bytes here.
// The "hidden state" of a token is its table row, so a pooled sentence vector is simple arithmetic.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bytesField,
  integerField,
  join as joinBytes,
  messageField,
  type ProtobufField,
  textField,
} from './onnx-protobuf.js';

/** The tokens, by id. `[PAD]` and `[UNK]` first, as tokenizers usually have them. */
export const tinyVocabulary = ['[PAD]', '[UNK]', 'cats', 'dogs', 'purr', 'bark', 'softly', 'loudly'] as const;

export type TinyWord = (typeof tinyVocabulary)[number];

/** One row per token: what the model outputs for it. */
export const tinyEmbeddingTable: Readonly<Record<TinyWord, readonly number[]>> = {
  '[PAD]': [0, 0, 0, 0],
  '[UNK]': [0, 0, 0, 0],
  cats: [1, 0, 0, 0],
  dogs: [0, 1, 0, 0],
  purr: [2, 0, 2, 0],
  bark: [0, 2, 0, 2],
  softly: [1, 0, 3, 0],
  loudly: [0, 1, 0, 3],
};

export const tinyDimensions = 4;

export type TinyModelFile = 'model.onnx' | 'tokenizer.json' | 'tokenizer_config.json' | 'config.json';

export interface TinyModelOptions {
  /** Where `model.onnx` goes: the folder itself, or its `onnx/` subfolder (the Hugging Face layout). Default `onnx`. */
  readonly layout?: 'root' | 'onnx';
  /** Files to leave out, to make an incomplete folder. */
  readonly without?: readonly TinyModelFile[];
}

const floatType = 1;
const int64Type = 7;
const intAttributeType = 2;

/** Writes the tiny model into `folder` (created if needed). */
export async function writeTinySentenceModel(folder: string, options: TinyModelOptions = {}): Promise<void> {
  const without = new Set(options.without ?? []);
  const modelFolder = options.layout === 'root' ? folder : join(folder, 'onnx');
  await mkdir(modelFolder, { recursive: true });
  const files: [TinyModelFile, string, string | Uint8Array][] = [
    ['model.onnx', join(modelFolder, 'model.onnx'), tinyOnnxModel()],
    ['tokenizer.json', join(folder, 'tokenizer.json'), JSON.stringify(tokenizer())],
    [
      'tokenizer_config.json',
      join(folder, 'tokenizer_config.json'),
      JSON.stringify({
        tokenizer_class: 'PreTrainedTokenizer',
        pad_token: '[PAD]',
        unk_token: '[UNK]',
        model_max_length: 64,
      }),
    ],
    ['config.json', join(folder, 'config.json'), JSON.stringify({ model_type: 'bert', hidden_size: tinyDimensions })],
  ];
  for (const [name, path, content] of files) if (!without.has(name)) await writeFile(path, content);
}

/** The bytes of `model.onnx`: last_hidden_state = Gather(table, input_ids), axis 0. */
export function tinyOnnxModel(): Uint8Array {
  const rows = tinyVocabulary.map((word) => tinyEmbeddingTable[word]);
  const table = new Float32Array(rows.flat());
  const graph = [
    messageField(1, [
      textField(1, 'embedding_table'),
      textField(1, 'input_ids'),
      textField(2, 'last_hidden_state'),
      textField(3, 'lookup'),
      textField(4, 'Gather'),
      messageField(5, [textField(1, 'axis'), integerField(3, 0), integerField(20, intAttributeType)]),
    ]),
    textField(2, 'tiny-sentence-model'),
    messageField(5, [
      integerField(1, tinyVocabulary.length),
      integerField(1, tinyDimensions),
      integerField(2, floatType),
      textField(8, 'embedding_table'),
      bytesField(9, new Uint8Array(table.buffer)),
    ]),
    valueInfo('input_ids', int64Type, ['batch', 'sequence']),
    valueInfo('last_hidden_state', floatType, ['batch', 'sequence', tinyDimensions], 12),
  ];
  return joinBytes([
    integerField(1, 8),
    textField(2, 'orkeon-test'),
    messageField(7, graph),
    messageField(8, [textField(1, ''), integerField(2, 13)]),
  ]);
}

/** A graph input (field 11) or output (field 12) with its element type and shape. */
function valueInfo(
  name: string,
  elementType: number,
  shape: readonly (string | number)[],
  graphField = 11,
): ProtobufField {
  const dimensions = shape.map((dimension) =>
    messageField(1, [typeof dimension === 'number' ? integerField(1, dimension) : textField(2, dimension)]),
  );
  return messageField(graphField, [
    textField(1, name),
    messageField(2, [messageField(1, [integerField(1, elementType), messageField(2, dimensions)])]),
  ]);
}

function tokenizer() {
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(0, '[PAD]'), special(1, '[UNK]')],
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Whitespace' },
    post_processor: null,
    decoder: null,
    model: {
      type: 'WordLevel',
      vocab: Object.fromEntries(tinyVocabulary.map((word, id) => [word, id])),
      unk_token: '[UNK]',
    },
  };
}

/** What the model gives for `words` with mean pooling: the average of their rows, then scaled to length 1 when asked. */
export function expectedMeanVector(words: readonly TinyWord[], normalize: boolean): number[] {
  const sum = new Array<number>(tinyDimensions).fill(0);
  for (const word of words) {
    tinyEmbeddingTable[word].forEach((value, index) => {
      sum[index] = (sum[index] ?? 0) + value;
    });
  }
  const mean = sum.map((value) => value / words.length);
  if (!normalize) return mean;
  const length = Math.hypot(...mean);
  return mean.map((value) => value / length);
}
