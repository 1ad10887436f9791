import type { EncodedPair } from './text-pair-encoder.js';

/** A batch of pairs padded to its longest, row after row, as the model's inputs want them. */
export interface TokenBatch {
  readonly rows: number;
  readonly width: number;
  readonly input_ids: readonly number[];
  readonly attention_mask: readonly number[];
  readonly token_type_ids: readonly number[];
}

/** Pads each pair with `padId` to the batch's longest; the attention mask hides the padding. */
export function tokenBatch(pairs: readonly EncodedPair[], padId: number): TokenBatch {
  const width = Math.max(1, ...pairs.map((pair) => pair.ids.length));
  const inputIds: number[] = [];
  const attentionMask: number[] = [];
  const tokenTypeIds: number[] = [];
  for (const pair of pairs) {
    const padding = width - pair.ids.length;
    inputIds.push(...pair.ids, ...new Array<number>(padding).fill(padId));
    attentionMask.push(...pair.ids.map(() => 1), ...new Array<number>(padding).fill(0));
    tokenTypeIds.push(...pair.typeIds, ...new Array<number>(padding).fill(0));
  }
  return {
    rows: pairs.length,
    width,
    input_ids: inputIds,
    attention_mask: attentionMask,
    token_type_ids: tokenTypeIds,
  };
}
