// A cross-encoder small enough to write in a test: a WordPiece tokenizer.json with the BERT pair
// template, and an ONNX graph whose logit is the sum of per-token weights over the passage's tokens
// (token_type_ids = 1), masked by attention_mask, minus 1. A passage that holds the weighted words
// scores high whatever the question; the real model's job, done by a table.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type OnnxGraph, type OnnxNode, type OnnxValue, onnxModelBytes, onnxType } from './onnx-model-proto.js';

export const specialTokens = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;

const words = (
  'the a an of and is to in with at by for on do does which what how many animal animals has have three hearts ' +
  'heart octopus octopuses owl owls blue blood night hunt quiz question questions about most pumps trio cardiac ' +
  'organs filler turn their heads far cats sleep day long ##s ? . ,'
).split(' ');

/** Every token of the vocabulary, by id. */
export const vocabulary: readonly string[] = [...specialTokens, ...words];

/** What each passage token adds to the logit by default: the tiny model "knows" octopuses have hearts. */
export const defaultWeights: Readonly<Record<string, number>> = { octopus: 3, octopuses: 3, hearts: 2 };

/** The constant added to every logit, so a passage without a weighted word scores below 0.5. */
export const logitBias = -1;

const idOf = (token: string): number => {
  const id = vocabulary.indexOf(token);
  if (id < 0) throw new Error(`'${token}' is not in the tiny vocabulary`);
  return id;
};

function specialToken(token: string) {
  return {
    id: idOf(token),
    content: token,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  };
}

/** A tokenizer.json as Hugging Face's tokenizers writes one for a BERT cross-encoder. */
export function tinyTokenizerJson(): Record<string, unknown> {
  const sequence = (id: 'A' | 'B', typeId: number) => ({ Sequence: { id, type_id: typeId } });
  const special = (id: string, typeId: number) => ({ SpecialToken: { id, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specialTokens.map(specialToken),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0)],
      pair: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0), sequence('B', 1), special('[SEP]', 1)],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [idOf(token)], tokens: [token] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((token, id) => [token, id])),
    },
  };
}

/** What the graph answers: one logit, two classes (negative, positive), three classes, or one value per token. */
export type TinyOutput = 'logit' | 'two-classes' | 'three-classes' | 'per-token';

export interface TinyGraphOptions {
  readonly weights?: Readonly<Record<string, number>>;
  readonly output?: TinyOutput;
  /** Without token_type_ids the graph weighs every token (question too); another name breaks the contract. */
  readonly typeInput?: 'token_type_ids' | 'none' | 'position_ids';
  /** The element type of the token inputs. */
  readonly inputType?: 'int64' | 'int32';
}

/** The bytes of the tiny cross-encoder's `model.onnx`. */
export function tinyCrossEncoderModel(options: TinyGraphOptions = {}): Uint8Array {
  const weights = { ...defaultWeights, ...options.weights };
  const table = vocabulary.map((token) => weights[token] ?? 0);
  const typeInput = options.typeInput ?? 'token_type_ids';
  const inputType = options.inputType ?? 'int64';
  const tokens = (name: string): OnnxValue => ({ name, type: inputType, shape: ['batch', 'sequence'] });
  const inputs = [tokens('input_ids'), tokens('attention_mask'), ...(typeInput === 'none' ? [] : [tokens(typeInput)])];
  const toFloat = onnxType.float;
  const nodes: OnnxNode[] = [
    { op: 'Gather', inputs: ['weights', 'input_ids'], outputs: ['token_weight'] },
    { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], attributes: { to: toFloat } },
    { op: 'Mul', inputs: ['token_weight', 'mask'], outputs: ['masked'] },
  ];
  let scored = 'masked';
  if (typeInput !== 'none') {
    nodes.push(
      { op: 'Cast', inputs: [typeInput], outputs: ['passage'], attributes: { to: toFloat } },
      { op: 'Mul', inputs: ['masked', 'passage'], outputs: ['passage_weight'] },
    );
    scored = 'passage_weight';
  }
  const output = options.output ?? 'logit';
  if (output === 'per-token') nodes.push({ op: 'Identity', inputs: [scored], outputs: ['logits'] });
  else {
    nodes.push(
      { op: 'ReduceSum', inputs: [scored, 'sum_axes'], outputs: ['summed'], attributes: { keepdims: 1 } },
      { op: 'Add', inputs: ['summed', 'bias'], outputs: [output === 'logit' ? 'logits' : 'positive'] },
    );
    if (output !== 'logit') {
      // The negative class is the opposite of the positive one: a reader of the wrong column inverts the order.
      nodes.push({ op: 'Neg', inputs: ['positive'], outputs: ['negative'] });
      const columns = output === 'two-classes' ? ['negative', 'positive'] : ['negative', 'positive', 'positive'];
      nodes.push({ op: 'Concat', inputs: columns, outputs: ['logits'], attributes: { axis: 1 } });
    }
  }
  const outputShape = { logit: 1, 'two-classes': 2, 'three-classes': 3, 'per-token': 'sequence' }[output];
  const graph: OnnxGraph = {
    inputs,
    outputs: [{ name: 'logits', type: 'float', shape: ['batch', outputShape] }],
    initializers: [
      { name: 'weights', type: 'float', dimensions: [table.length], values: table },
      { name: 'sum_axes', type: 'int64', dimensions: [1], values: [1] },
      { name: 'bias', type: 'float', dimensions: [1], values: [logitBias] },
    ],
    nodes,
  };
  return onnxModelBytes(graph);
}

export interface TinyFolderOptions extends TinyGraphOptions {
  /** Where the graph goes inside the folder; default `model.onnx`. */
  readonly modelFile?: string;
  /** tokenizer_config.json's content, or false for none; default `{ model_max_length: 512 }`. */
  readonly tokenizerConfig?: Record<string, unknown> | false;
}

/** Writes the tiny cross-encoder into `folder` (created), as `optimum-cli export onnx` lays a model out. */
export async function writeTinyCrossEncoder(folder: string, options: TinyFolderOptions = {}): Promise<string> {
  const modelPath = join(folder, options.modelFile ?? 'model.onnx');
  await mkdir(dirname(modelPath), { recursive: true });
  await writeFile(modelPath, tinyCrossEncoderModel(options));
  await writeFile(join(folder, 'tokenizer.json'), JSON.stringify(tinyTokenizerJson()));
  const config = options.tokenizerConfig ?? { model_max_length: 512, do_lower_case: true };
  if (config !== false) await writeFile(join(folder, 'tokenizer_config.json'), JSON.stringify(config));
  return folder;
}

/** The tiny model's relevance for a passage with these weighted-word counts: sigmoid(sum − 1). */
export function expectedRelevance(logitSum: number): number {
  return 1 / (1 + Math.exp(-(logitSum + logitBias)));
}
