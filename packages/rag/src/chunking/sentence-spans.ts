import { type TextSpan, trimSpan } from './text-span.js';

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The sentences of `text` (by the Unicode rules of `Intl.Segmenter`), trimmed, without whitespace-only segments. */
export function sentenceSpans(text: string): TextSpan[] {
  const sentences: TextSpan[] = [];
  for (const { segment, index } of sentenceSegmenter.segment(text)) {
    const sentence = trimSpan(text, index, index + segment.length);
    if (sentence !== undefined) sentences.push(sentence);
  }
  return sentences;
}
