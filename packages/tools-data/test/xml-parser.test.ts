import { describe, expect, it } from 'vitest';
import { createXmlParserTool } from '../src/index.js';
import { createDataFixture, outsideSecret, runTool } from './data-fixture.js';

const feed = `<?xml version="1.0"?>
<catalog xmlns:x="urn:extra">
  <book id="1" status="open"><title>Dune</title><price>9.5</price></book>
  <book id="2" status="closed"><title>Emma</title><price>3</price><x:note>rare</x:note></book>
</catalog>`;

describe('xml_parser', () => {
  it('selects nodes, attributes, text and computes values with XPath', async () => {
    await using fixture = await createDataFixture();
    const tool = createXmlParserTool();
    const path = await fixture.file('catalog.xml', feed);
    const nodes = JSON.parse(
      (await runTool(tool, fixture.vfs, { path, xpath: '//book[@status="open"]/title' })).output,
    );
    expect(nodes.summary).toBe(`XPath "//book[@status=\\"open\\"]/title" on '/workspace/catalog.xml': 1 node.`);
    expect(nodes.nodes).toEqual([{ type: 'element', name: 'title', xml: '<title>Dune</title>' }]);
    const attributes = JSON.parse((await runTool(tool, fixture.vfs, { path, xpath: '//book/@id' })).output);
    expect(attributes.nodes).toEqual([
      { type: 'attribute', name: 'id', value: '1' },
      { type: 'attribute', name: 'id', value: '2' },
    ]);
    const total = JSON.parse((await runTool(tool, fixture.vfs, { path, xpath: 'sum(//price)' })).output);
    expect(total).toEqual({ summary: expect.stringContaining('a number'), value: 12.5 });
    const text = JSON.parse(
      (await runTool(tool, fixture.vfs, { text: feed, xpath: 'string(//book[2]/title)' })).output,
    );
    expect(text.value).toBe('Emma');
    const spaced = JSON.parse(
      (await runTool(tool, fixture.vfs, { text: feed, xpath: '//e:note/text()', namespaces: { e: 'urn:extra' } }))
        .output,
    );
    expect(spaced.nodes).toEqual([{ type: 'text', value: 'rare' }]);
  });

  it('describes the root element without an expression', async () => {
    await using fixture = await createDataFixture();
    const answer = JSON.parse((await runTool(createXmlParserTool(), fixture.vfs, { text: feed })).output);
    expect(answer).toMatchObject({ root: 'catalog', children: { book: 2 } });
    expect(answer.summary).toContain('with 8 elements in all');
  });

  it('cuts a long node list to MaxRows and says how to page', async () => {
    await using fixture = await createDataFixture();
    const text = `<r>${'<i>x</i>'.repeat(50)}</r>`;
    const answer = JSON.parse(
      (await runTool(createXmlParserTool({ MaxRows: 4 }), fixture.vfs, { text, xpath: '//i' })).output,
    );
    expect(answer.nodes).toHaveLength(4);
    expect(answer.summary).toContain('the first 4 of 50 nodes');
  });

  describe('hostile input', () => {
    it('refuses external entities (XXE): the secret file is never read', async () => {
      await using fixture = await createDataFixture();
      const tool = createXmlParserTool();
      const secretPath = `${fixture.outside}/secret.txt`;
      for (const text of [
        `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file://${secretPath}">]><r>&x;</r>`,
        `<!DOCTYPE r SYSTEM "file://${secretPath}"><r/>`,
        `<!DOCTYPE r PUBLIC "-//x" "http://169.254.169.254/latest/meta-data/"><r/>`,
        `<!DOCTYPE r [<!ENTITY % p SYSTEM "http://127.0.0.1:1/evil.dtd"> %p;]><r/>`,
      ]) {
        const result = await runTool(tool, fixture.vfs, { text, xpath: 'string(/r)' });
        expect(result.outcome).toBe('Failure');
        expect(result.output).toContain('declares a DTD with entities or an external reference');
        expect(result.output).not.toContain(outsideSecret);
      }
    });

    it('refuses billion-laughs entity expansion at once, in bounded memory', async () => {
      await using fixture = await createDataFixture();
      const levels = Array.from(
        { length: 10 },
        (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`,
      ).join('');
      const text = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${levels}]><lolz>&lol10;</lolz>`;
      const before = process.memoryUsage().heapUsed;
      const result = await runTool(createXmlParserTool(), fixture.vfs, { text, xpath: 'string(/lolz)' });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toContain('Such declarations are refused');
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
    });

    it('evaluates only XPath 1.0: functions that would read files or URLs do not exist', async () => {
      await using fixture = await createDataFixture();
      const tool = createXmlParserTool();
      for (const xpath of [
        `document("${fixture.outside}/secret.txt")`,
        'unparsed-text("file:///etc/passwd")',
        'doc("http://127.0.0.1/")',
      ]) {
        const result = await runTool(tool, fixture.vfs, { text: feed, xpath });
        expect(result.outcome, xpath).toBe('Failure');
        expect(result.output).toContain('cannot be evaluated');
        expect(result.output).not.toContain(outsideSecret);
      }
    });

    it('treats an injected predicate as part of the expression, and refuses broken syntax', async () => {
      await using fixture = await createDataFixture();
      const tool = createXmlParserTool();
      const injected = JSON.parse(
        (await runTool(tool, fixture.vfs, { text: feed, xpath: `//book[title='x' or '1'='1']/title/text()` })).output,
      );
      expect(injected.nodes).toHaveLength(2);
      const broken = await runTool(tool, fixture.vfs, { text: feed, xpath: "//book[title='x" });
      expect(broken.outcome).toBe('Failure');
      expect(broken.output).toMatch(/^Error: The XPath .* cannot be evaluated/);
    });

    it('refuses malformed XML and files outside the mounts', async () => {
      await using fixture = await createDataFixture();
      const tool = createXmlParserTool();
      for (const text of ['<a><b></a>', 'not xml', '<a>&undefined;</a>', '']) {
        const result = await runTool(tool, fixture.vfs, { text });
        expect(result.outcome, text).toBe('Failure');
      }
      const outside = await runTool(tool, fixture.vfs, { path: '/workspace/escape/secret.txt' });
      expect(outside.outcome).toBe('Denied');
    });
  });
});
