import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../src/index.js';
import { nestsDeeperThan } from '../src/scrape/nesting-depth.js';

describe('PageCache', () => {
  it('ranks pages by the terms of the query and leaves out pages without any', () => {
    const cache = new PageCache({ maxCharacters: 10_000, maxPages: 10 });
    cache.add({ url: 'https://a.test/', text: 'rust rust rust compiler', source: 'web_scrape' });
    cache.add({
      url: 'https://b.test/',
      title: 'B',
      text: 'a page about the rust compiler and go',
      source: 'http_api',
    });
    cache.add({ url: 'https://c.test/', text: 'nothing relevant here', source: 'scrape_element' });
    const hits = cache.search('Rust compiler!', 5);
    expect(hits.map((hit) => hit.url)).toEqual(['https://a.test/', 'https://b.test/']);
    expect(hits[1]).toMatchObject({ title: 'B', source: 'http_api', snippet: 'a page about the rust compiler and go' });
    expect(cache.search('   ', 5)).toEqual([]);
  });

  it('replaces a page fetched again and drops the oldest pages beyond its bounds', () => {
    const cache = new PageCache({ maxCharacters: 100, maxPages: 2 });
    cache.add({ url: 'u1', text: 'alpha', source: 'web_scrape' });
    cache.add({ url: 'u1', text: 'beta', source: 'web_scrape' });
    expect(cache.size).toBe(1);
    expect(cache.search('alpha', 5)).toEqual([]);
    cache.add({ url: 'u2', text: 'gamma', source: 'web_scrape' });
    cache.add({ url: 'u3', text: 'delta', source: 'web_scrape' });
    expect(cache.search('beta', 5)).toEqual([]);
    cache.add({ url: 'u4', text: 'x'.repeat(500), source: 'web_scrape' });
    expect(cache.characters).toBeLessThanOrEqual(100);
  });

  it('never holds more characters or pages than its bounds, whatever is added', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ url: fc.constantFrom('a', 'b', 'c', 'd', 'e'), text: fc.string({ maxLength: 300 }) }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 4 }),
        (pages, maxCharacters, maxPages) => {
          const cache = new PageCache({ maxCharacters, maxPages });
          for (const page of pages) cache.add({ ...page, source: 'web_scrape' });
          expect(cache.characters).toBeLessThanOrEqual(maxCharacters);
          expect(cache.size).toBeLessThanOrEqual(maxPages);
          expect(() => cache.search(pages[0]?.text ?? 'x', 3)).not.toThrow();
        },
      ),
    );
  });
});

describe('the nesting estimate that guards the HTML parser', () => {
  it('counts real nesting, not elements the parser closes by itself', () => {
    expect(nestsDeeperThan(`${'<div>'.repeat(11)}${'</div>'.repeat(11)}`, 10)).toBe(true);
    expect(nestsDeeperThan(`${'<div></div>'.repeat(1_000)}`, 10)).toBe(false);
    expect(nestsDeeperThan(`${'<p>'.repeat(1_000)}${'<li>'.repeat(1_000)}${'<br>'.repeat(1_000)}`, 10)).toBe(false);
    expect(nestsDeeperThan(`<script>${'<div>'.repeat(50)}</SCRIPT><div>`, 10)).toBe(false);
    expect(nestsDeeperThan(`<!--${'<div>'.repeat(50)}--><div>`, 10)).toBe(false);
  });

  it('never throws, and finishes in one pass over hostile text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[<>/a-z!\- ]{0,400}$/), (html) => {
        expect(typeof nestsDeeperThan(html, 5)).toBe('boolean');
      }),
    );
    const started = performance.now();
    nestsDeeperThan(`${'<div>'.repeat(999)}${'</span>'.repeat(500_000)}${'<a'.repeat(500_000)}`, 1_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
