import { describe, expect, it } from 'vitest';
import { words } from '../../src/retrieval/words.js';

describe('words', () => {
  it('splits on everything but letters, numbers and combining marks, lower-cased', () => {
    expect(words('Hello, World! GPT-4o costs $20/month.')).toEqual([
      'hello',
      'world',
      'gpt',
      '4o',
      'costs',
      '20',
      'month',
    ]);
    expect(words('Crème BRÛLÉE à Paris')).toEqual(['crème', 'brûlée', 'à', 'paris']);
    expect(words('cafe\u0301')).toEqual(['café']);
    expect(words('हिन्दी भाषा')).toEqual(['हिन्दी', 'भाषा']);
    expect(words('東京タワー')).toEqual(['東京タワー']);
    expect(words(' \n—… ')).toEqual([]);
  });
});
