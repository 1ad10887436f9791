import type { Tokenizer } from '@huggingface/tokenizers';
import { pairLengths } from './pair-truncation.js';

/** One (question, passage) pair as the model reads it. */
export interface EncodedPair {
  readonly ids: readonly number[];
  /** 0 for the question's tokens, 1 for the passage's (BERT's segment ids). */
  readonly typeIds: readonly number[];
}

export interface TextPairEncoderOptions {
  /** Most tokens of one pair, special tokens included. */
  readonly maxLength: number;
  /** Which end of a too-long text is cut: `right` keeps its start (the default of BERT tokenizers). */
  readonly truncationSide: 'left' | 'right';
}

/**
 * Encodes (question, passage) pairs with the model's own tokenizer and pair template
 * (`[CLS] question [SEP] passage [SEP]` for BERT). @huggingface/tokenizers does not truncate,
 * so each text is tokenized alone, cut to fit `maxLength`, then joined by the tokenizer's
 * post-processor, which adds the special tokens and the segment ids.
 */
export class TextPairEncoder {
  readonly #tokenizer: Tokenizer;
  readonly #options: TextPairEncoderOptions;
  readonly #specialTokens: number;
  readonly #unknownId: number;

  constructor(tokenizer: Tokenizer, options: TextPairEncoderOptions) {
    this.#tokenizer = tokenizer;
    this.#options = options;
    this.#specialTokens = this.#join([], []).tokens.length;
    this.#unknownId = tokenizer.model?.unk_token_id ?? 0;
  }

  /** The room left for the question and the passage once the pair template's tokens are in. */
  get textBudget(): number {
    return this.#options.maxLength - this.#specialTokens;
  }

  /** Each passage paired with the question (tokenized once). */
  encodeAll(question: string, passages: readonly string[]): EncodedPair[] {
    const questionTokens = this.#tokenizer.tokenize(question);
    return passages.map((passage) => this.#encode(questionTokens, this.#tokenizer.tokenize(passage)));
  }

  #encode(questionTokens: readonly string[], passageTokens: readonly string[]): EncodedPair {
    const lengths = pairLengths(questionTokens.length, passageTokens.length, this.textBudget);
    const joined = this.#join(this.#cut(questionTokens, lengths.question), this.#cut(passageTokens, lengths.passage));
    return {
      ids: joined.tokens.map((token) => this.#tokenizer.token_to_id(token) ?? this.#unknownId),
      typeIds: joined.typeIds,
    };
  }

  #cut(tokens: readonly string[], length: number): string[] {
    if (tokens.length <= length) return [...tokens];
    return this.#options.truncationSide === 'left' ? tokens.slice(tokens.length - length) : tokens.slice(0, length);
  }

  #join(question: string[], passage: string[]): { tokens: string[]; typeIds: number[] } {
    const processor = this.#tokenizer.post_processor;
    const processed = processor?.post_process(question, passage, true) ?? { tokens: question, tokens_pair: passage };
    if (processed.token_type_ids !== undefined) return { tokens: processed.tokens, typeIds: processed.token_type_ids };
    // No template (none, or only a byte-level step): the texts side by side, the passage as the second segment.
    const second = processed.tokens_pair ?? [];
    return {
      tokens: [...processed.tokens, ...second],
      typeIds: [...processed.tokens.map(() => 0), ...second.map(() => 1)],
    };
  }
}
