import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Configuration,
  ConfigurationError,
  createRuntime,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  bindDataSettings,
  type CsvReaderInput,
  createCsvReaderTool,
  type DataSettings,
  dataFamily,
  dataSettings,
  dataToolNames,
  toolsDataErrorCodes,
  type XlsxWriterInput,
} from '../src/index.js';
import { createDataFixture } from './data-fixture.js';

const configurationOf = (tree: Record<string, unknown>) =>
  Configuration.fromObject(tree as Parameters<typeof Configuration.fromObject>[0], dataFamily.settingsSections);

describe('dataFamily', () => {
  it('lists every tool of the contract with its access class, and reads Svc:Tools:Data', () => {
    expect(dataFamily.name).toBe('data');
    expect(dataFamily.catalogue.map((entry) => [entry.name, entry.access])).toEqual([
      ['csv_reader', 'Read'],
      ['json_tool', 'Read'],
      ['xml_parser', 'Read'],
      ['pdf_reader', 'Read'],
      ['docx_reader', 'Read'],
      ['docx_writer', 'Edit'],
      ['xlsx_reader', 'Read'],
      ['xlsx_writer', 'Edit'],
    ]);
    expect(dataFamily.settingsSections.map((section) => section.path)).toEqual(['Svc:Tools:Data']);
    for (const [key, property] of Object.entries(dataSettings.jsonSchema.properties ?? {})) {
      expect(property.default, key).toBeDefined();
      expect(property.description, key).toBeTruthy();
    }
  });

  it('builds every tool by default, each marked as a member of the family and with its declared access', async () => {
    const tools = await dataFamily.createTools({ configuration: configurationOf({}), logger: captureLogger().logger });
    expect(tools.map((tool) => tool.name)).toEqual([...dataToolNames]);
    for (const tool of tools) {
      expect(toolFamilyOf(tool)).toBe('data');
      expect(tool.access).toBe(dataFamily.catalogue.find((entry) => entry.name === tool.name)?.access);
    }
  });

  it('leaves out the tools named in DisabledTools and applies the limits to the tools it builds', async () => {
    const configuration = configurationOf({
      Svc: {
        Tools: { Data: { DisabledTools: ['docx_writer', 'xlsx_writer'], MaxCharacters: 5_000, TimeoutSeconds: 7 } },
      },
    });
    const tools = await dataFamily.createTools({ configuration, logger: captureLogger().logger });
    expect(tools.map((tool) => tool.name)).not.toContain('docx_writer');
    expect(tools.map((tool) => tool.name)).not.toContain('xlsx_writer');
    expect(tools.every((tool) => tool.access === 'Read')).toBe(true);
    const csv = tools.find((tool) => tool.name === 'csv_reader') as Tool;
    expect(csv.timeoutMilliseconds).toBe(7_000);
    expect(csv.maxResultCharacters).toBe(6_000);
  });

  it('refuses a bad setting at start with the key and what is allowed', () => {
    expect(() => configurationOf({ Svc: { Tools: { Data: { MaxRows: 0 } } } })).toThrow(/Svc:Tools:Data:MaxRows/);
    expect(() => configurationOf({ Svc: { Tools: { Data: { DisabledTools: ['csv_writer'] } } } })).toThrow(
      ConfigurationError,
    );
    expect(() => bindDataSettings({ MaxCharacters: 10 })).toThrow(/Svc:Tools:Data:MaxCharacters/);
  });

  it('runs a tool of the family through the runtime pipeline, inside the mounts', async () => {
    await using fixture = await createDataFixture();
    await writeFile(join(fixture.workspace, 'people.csv'), 'name,age\nAda,36\nAlan,41\n');
    const tools = await dataFamily.createTools({ configuration: configurationOf({}), logger: captureLogger().logger });
    await using runtime = await createRuntime({
      tools,
      mounts: [`${fixture.workspace}:/workspace:rw`],
      logger: captureLogger().logger,
    });
    const caller = { kind: 'host' as const };
    const read = await runtime.pipeline.invoke({
      tool: 'csv_reader',
      input: { path: '/workspace/people.csv' },
      caller,
    });
    expect(read.outcome).toBe('Success');
    expect(JSON.parse(read.output).rows).toEqual([
      ['Ada', '36'],
      ['Alan', '41'],
    ]);
    const outside = await runtime.pipeline.invoke({
      tool: 'csv_reader',
      input: { path: '/workspace/escape/secret.csv' },
      caller,
    });
    expect(outside.outcome).toBe('Denied');
    expect(outside.output).not.toContain(fixture.outside);
    const badInput = await runtime.pipeline.invoke({ tool: 'csv_reader', input: { path: 3 }, caller });
    expect(badInput.outcome).toBe('Failure');
  });

  it('has one error registry whose codes name the package area and say what to do', () => {
    for (const [code, text] of Object.entries(toolsDataErrorCodes)) {
      expect(code).toMatch(/^DATA_[A-Z_]+$/);
      expect(text.length).toBeGreaterThan(30);
    }
  });

  it('exports typed factories, inputs and settings', () => {
    expectTypeOf(dataFamily).toEqualTypeOf<ToolFamily>();
    expectTypeOf(createCsvReaderTool).returns.toEqualTypeOf<Tool<CsvReaderInput>>();
    expectTypeOf<CsvReaderInput['mode']>().toEqualTypeOf<'rows' | 'count' | 'statistics'>();
    expectTypeOf<DataSettings['MaxRows']>().toEqualTypeOf<number>();
    expectTypeOf<XlsxWriterInput['sheets'][number]['rows'][number][number]>().toEqualTypeOf<
      string | number | boolean | null
    >();
  });
});
