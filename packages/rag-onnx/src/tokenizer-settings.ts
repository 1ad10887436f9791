import type { Tokenizer } from '@huggingface/tokenizers';
import type { CrossEncoderFiles } from './cross-encoder-folder.js';

/** What the model folder's tokenizer files say about length, truncation and padding. */
export interface TokenizerSettings {
  /** `MaxLength`, lowered to the tokenizer's own limit when it gives a smaller one. */
  readonly maxLength: number;
  readonly truncationSide: 'left' | 'right';
  readonly padId: number;
}

// transformers writes a huge placeholder (1e30) for "no limit"; anything this large is not a real one.
const noLimitAbove = 1_000_000;

/** Reads tokenizer_config.json (`model_max_length`, `truncation_side`, `pad_token`) and tokenizer.json (`truncation`, `padding`). */
export function tokenizerSettings(
  files: CrossEncoderFiles,
  tokenizer: Tokenizer,
  maxLength: number,
): TokenizerSettings {
  const config = files.tokenizerConfig;
  const truncation = objectAt(files.tokenizer, 'truncation');
  const limits = [maxLength, config.model_max_length, truncation?.max_length].filter(
    (value): value is number =>
      typeof value === 'number' && Number.isInteger(value) && value > 0 && value < noLimitAbove,
  );
  const side = config.truncation_side ?? (truncation?.direction === 'Left' ? 'left' : 'right');
  return {
    maxLength: Math.min(...limits),
    truncationSide: side === 'left' ? 'left' : 'right',
    padId: padIdOf(files, tokenizer),
  };
}

function padIdOf(files: CrossEncoderFiles, tokenizer: Tokenizer): number {
  const padding = objectAt(files.tokenizer, 'padding');
  if (typeof padding?.pad_id === 'number') return padding.pad_id;
  const configured = files.tokenizerConfig.pad_token;
  // pad_token is a string, or an AddedToken object with its `content`.
  const named =
    typeof configured === 'string'
      ? configured
      : typeof configured === 'object' && configured !== null
        ? (configured as { content?: unknown }).content
        : undefined;
  const candidates = [named, '[PAD]', '<pad>'].filter((token): token is string => typeof token === 'string');
  for (const token of candidates) {
    const id = tokenizer.token_to_id(token);
    if (id !== undefined) return id;
  }
  // Padded positions are masked out, so any id will do when the tokenizer names none.
  return 0;
}

function objectAt(source: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = source[key];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}
