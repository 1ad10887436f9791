import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const crewFolder = fileURLToPath(new URL('../../../examples/tools-tour', import.meta.url));
const scripted = useScriptedRun();

/** The text of the tool answers the model was sent, in order. */
function toolAnswers(): string[] {
  const messages =
    (scripted.server.requests.at(-1)?.body as { messages?: { role: string; content: string }[] } | undefined)
      ?.messages ?? [];
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
}

const pricing = `const prices = Object.fromEntries(input.prices.map((row) => [row.item, Number(row.unit_price)]));
const lines = input.order.map(([item, quantity]) => [item, quantity, prices[item], quantity * prices[item]]);
({ lines, total: lines.reduce((sum, line) => sum + line[3], 0) })`;

describe('examples/tools-tour: one agent, four tool families, end to end', () => {
  it('parses the e-mail, reads the prices, computes in the sandbox, keeps a snip and writes the spreadsheet', async () => {
    const order = [
      ['widget', 3],
      ['gadget', 2],
      ['sprocket', 10],
    ];
    const prices = [
      { item: 'widget', unit_price: '4.50' },
      { item: 'gadget', unit_price: '12.00' },
      { item: 'sprocket', unit_price: '0.75' },
    ];
    scripted.server.enqueue(
      { toolCalls: [{ name: 'email_parser', arguments: { path: '/crew/inbox/order.eml' } }] },
      { toolCalls: [{ name: 'csv_reader', arguments: { path: '/crew/data/prices.csv' } }] },
      {
        toolCalls: [
          { name: 'code_interpreter', arguments: { language: 'javascript', code: pricing, input: { order, prices } } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'session_snip',
            arguments: { action: 'keep', name: 'order-1042', text: '3 x widget, 2 x gadget, 10 x sprocket' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'xlsx_writer',
            arguments: {
              path: '/out/order.xlsx',
              sheets: [
                {
                  name: 'Order 1042',
                  columns: ['item', 'quantity', 'unit price', 'line total'],
                  rows: [
                    ['widget', 3, 4.5, 13.5],
                    ['gadget', 2, 12, 24],
                    ['sprocket', 10, 0.75, 7.5],
                    ['total', null, null, 45],
                  ],
                },
              ],
            },
          },
        ],
      },
      { text: 'The order totals 45.00; the spreadsheet is /out/order.xlsx.' },
    );
    await scripted.write('out/.keep', '');
    const result = await scripted.run(['run', crewFolder, '--mount', './out:/out:rw']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('The order totals 45.00');

    const [email, csv, computed, snip, written] = toolAnswers();
    expect(email).toContain('Order 1042');
    expect(email).toContain('10 x sprocket');
    expect(csv).toContain('sprocket');
    expect(csv).toContain('0.75');
    expect(computed).toContain('"total":45');
    expect(snip).toContain('order-1042');
    expect(written).toContain("'/out/order.xlsx'");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(`${scripted.folder.path}/out/order.xlsx`);
    const sheet = workbook.getWorksheet('Order 1042');
    expect(sheet?.getRow(5).values).toEqual([undefined, 'total', undefined, undefined, 45]);
  });
});
