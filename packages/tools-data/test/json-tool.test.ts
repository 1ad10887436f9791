import { describe, expect, it } from 'vitest';
import { createJsonTool } from '../src/index.js';
import { createDataFixture, outsideSecret, runTool } from './data-fixture.js';

const order = {
  items: [
    { id: 1, price: 9.5 },
    { id: 2, price: 3 },
  ],
  customer: { name: 'Ada' },
};

describe('json_tool', () => {
  it('parses text and files, describing the value, and says where invalid JSON breaks', async () => {
    await using fixture = await createDataFixture();
    const tool = createJsonTool();
    const parsed = await runTool(tool, fixture.vfs, { operation: 'parse', text: JSON.stringify(order) });
    expect(parsed.output).toMatch(
      /^the given text is valid JSON: an object with 2 keys \(items, customer\)\.\n\{\n {2}"items"/,
    );
    const path = await fixture.file('order.json', `\ufeff${JSON.stringify(order)}`);
    expect((await runTool(tool, fixture.vfs, { operation: 'parse', path })).output).toContain(
      "'/workspace/order.json' is valid JSON",
    );
    const broken = await runTool(tool, fixture.vfs, { operation: 'parse', text: '{"a": 1,}' });
    expect(broken.outcome).toBe('Failure');
    expect(broken.output).toMatch(/^Error: the given text is not valid JSON: .*position 8/);
  });

  it('queries with JSONPath and lists each match with its path', async () => {
    await using fixture = await createDataFixture();
    const result = await runTool(createJsonTool(), fixture.vfs, {
      operation: 'query',
      text: JSON.stringify(order),
      query: '$.items[*].price',
    });
    const answer = JSON.parse(result.output);
    expect(answer.summary).toBe('JSONPath "$.items[*].price" on the given text: 2 matches.');
    expect(answer.matches).toEqual([
      { path: "$['items'][0]['price']", value: 9.5 },
      { path: "$['items'][1]['price']", value: 3 },
    ]);
  });

  it('cuts query results to MaxRows and says how many there were', async () => {
    await using fixture = await createDataFixture();
    const text = JSON.stringify(Array.from({ length: 30 }, (_, index) => ({ index })));
    const answer = JSON.parse(
      (await runTool(createJsonTool({ MaxRows: 5 }), fixture.vfs, { operation: 'query', text, query: '$..index' }))
        .output,
    );
    expect(answer.matches).toHaveLength(5);
    expect(answer.summary).toContain('the first 5 of 30 matches (the rest cut by Svc:Tools:Data:MaxRows');
  });

  it('formats with an indent, minifies, and sorts keys', async () => {
    await using fixture = await createDataFixture();
    const tool = createJsonTool();
    const text = '{"b": [1, 2], "a": {"d": 1, "c": 2}}';
    const minified = await runTool(tool, fixture.vfs, { operation: 'format', text, indent: 0, sortKeys: true });
    expect(minified.output.split('\n')[1]).toBe('{"a":{"c":2,"d":1},"b":[1,2]}');
    const pretty = await runTool(tool, fixture.vfs, { operation: 'format', text, indent: 4 });
    expect(pretty.output).toContain('\n    "b": [\n        1,');
  });

  describe('hostile input', () => {
    it('never evaluates scripts in a JSONPath: filters and script expressions are refused', async () => {
      await using fixture = await createDataFixture();
      const tool = createJsonTool();
      const probe = globalThis as { jsonPathRan?: boolean };
      for (const query of [
        "$[?(@.constructor.constructor('globalThis.jsonPathRan = true')())]",
        '$.items[?(@.price > 5)]',
        '$.items[(@.length-1)]',
        '$..[?(process.exit(1))]',
      ]) {
        const result = await runTool(tool, fixture.vfs, { operation: 'query', text: JSON.stringify(order), query });
        expect(result.outcome, query).toBe('Failure');
        expect(result.output).toContain('script evaluation is turned off');
      }
      expect(probe.jsonPathRan).toBeUndefined();
    });

    it('keeps a "__proto__" key as data when sorting, without touching prototypes', async () => {
      await using fixture = await createDataFixture();
      const text = '{"z": 1, "__proto__": {"polluted": true}}';
      const result = await runTool(createJsonTool(), fixture.vfs, {
        operation: 'format',
        text,
        indent: 0,
        sortKeys: true,
      });
      expect(result.output.split('\n')[1]).toBe('{"__proto__":{"polluted":true},"z":1}');
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });

    it('refuses to format or query a document nested deeper than 512 levels, without crashing', async () => {
      await using fixture = await createDataFixture();
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const tool = createJsonTool();
      const parsed = await runTool(tool, fixture.vfs, { operation: 'parse', text: deep });
      expect(parsed.outcome).toBe('Success');
      expect(parsed.output).toContain('nests deeper than 512 levels');
      const formatted = await runTool(tool, fixture.vfs, { operation: 'format', text: deep });
      expect(formatted.outcome).toBe('Failure');
      const queried = await runTool(tool, fixture.vfs, { operation: 'query', text: deep, query: '$..*' });
      expect(queried.outcome).toBe('Failure');
    });

    it('needs exactly one of text and path, and a query for "query"', async () => {
      await using fixture = await createDataFixture();
      const tool = createJsonTool();
      expect((await runTool(tool, fixture.vfs, { operation: 'parse' })).output).toContain('needs exactly one of');
      expect(
        (await runTool(tool, fixture.vfs, { operation: 'parse', text: '1', path: '/workspace/a.json' })).output,
      ).toContain('needs exactly one of');
      expect((await runTool(tool, fixture.vfs, { operation: 'query', text: '1' })).output).toContain('needs query');
    });

    it('refuses oversize text and files, and paths outside the mounts', async () => {
      await using fixture = await createDataFixture();
      const tool = createJsonTool({ MaxFileBytes: 1_000 });
      const text = JSON.stringify('x'.repeat(2_000));
      expect((await runTool(tool, fixture.vfs, { operation: 'parse', text })).output).toContain(
        'Svc:Tools:Data:MaxFileBytes',
      );
      const path = await fixture.file('big.json', text);
      const big = await runTool(tool, fixture.vfs, { operation: 'parse', path });
      expect(big.output).toMatch(/'\/workspace\/big\.json' is 2\.0 KB; json_tool reads files of at most 1000 B whole/);
      for (const outside of ['/workspace/escape/secret.txt', '/workspace/../../etc/passwd']) {
        const result = await runTool(tool, fixture.vfs, { operation: 'parse', path: outside });
        expect(result.outcome).toBe('Denied');
        expect(result.output).not.toContain(outsideSecret);
      }
    });
  });
});
