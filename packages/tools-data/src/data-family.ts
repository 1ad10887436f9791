import { inToolFamily, type Tool, type ToolCatalogueEntry, type ToolFamily } from '@orkeon/core';
import { createCsvReaderTool } from './csv/csv-reader-tool.js';
import { type DataSettings, type DataToolName, dataSettings, dataToolNames } from './data-settings.js';
import { createDocxReaderTool } from './docx/docx-reader-tool.js';
import { createDocxWriterTool } from './docx/docx-writer-tool.js';
import { createJsonTool } from './json/json-tool.js';
import { createPdfReaderTool } from './pdf/pdf-reader-tool.js';
import { createXlsxReaderTool } from './xlsx/xlsx-reader-tool.js';
import { createXlsxWriterTool } from './xlsx/xlsx-writer-tool.js';
import { createXmlParserTool } from './xml/xml-parser-tool.js';

export const dataFamilyName = 'data';

const factories: Record<DataToolName, (settings: DataSettings) => Tool> = {
  csv_reader: (settings) => createCsvReaderTool(settings) as Tool,
  json_tool: (settings) => createJsonTool(settings) as Tool,
  xml_parser: (settings) => createXmlParserTool(settings) as Tool,
  pdf_reader: (settings) => createPdfReaderTool(settings) as Tool,
  docx_reader: (settings) => createDocxReaderTool(settings) as Tool,
  docx_writer: (settings) => createDocxWriterTool(settings) as Tool,
  xlsx_reader: (settings) => createXlsxReaderTool(settings) as Tool,
  xlsx_writer: (settings) => createXlsxWriterTool(settings) as Tool,
};

const catalogue: readonly ToolCatalogueEntry[] = [
  {
    name: 'csv_reader',
    access: 'Read',
    summary: 'Streams a CSV file: rows from an offset, the row count, or column statistics.',
  },
  {
    name: 'json_tool',
    access: 'Read',
    summary: 'Parses, queries (JSONPath, no scripts) and formats JSON text or files.',
  },
  { name: 'xml_parser', access: 'Read', summary: 'Parses XML (entity DTDs refused) and evaluates XPath 1.0.' },
  { name: 'pdf_reader', access: 'Read', summary: 'Extracts the text of a PDF, page by page, for a range of pages.' },
  { name: 'docx_reader', access: 'Read', summary: 'Reads a Word .docx as text, Markdown or HTML.' },
  { name: 'docx_writer', access: 'Edit', summary: 'Writes a Word .docx from headings, paragraphs, lists and tables.' },
  {
    name: 'xlsx_reader',
    access: 'Read',
    summary: 'Streams an .xlsx sheet and range: rows, row count, statistics or sheet list.',
  },
  {
    name: 'xlsx_writer',
    access: 'Edit',
    summary: 'Writes an .xlsx workbook; text that looks like a formula stays text.',
  },
];

/**
 * The `data` tool family: readers for CSV, JSON, XML, PDF, DOCX and XLSX, writers
 * for DOCX and XLSX. Settings: `Svc:Tools:Data`. The parser libraries load on a
 * tool's first call, so building the family costs nothing until it is used.
 */
export const dataFamily: ToolFamily = {
  name: dataFamilyName,
  description:
    'Read CSV, JSON, XML, PDF, DOCX and XLSX files (streamed where the format allows) and write DOCX and XLSX, all by virtual path.',
  catalogue,
  settingsSections: [dataSettings],
  async createTools({ configuration, logger }) {
    const settings = configuration.get(dataSettings);
    const disabled = new Set<string>(settings.DisabledTools);
    const names = dataToolNames.filter((name) => !disabled.has(name));
    if (disabled.size > 0)
      logger.debug({ disabled: [...disabled] }, 'Data tools left out by Svc:Tools:Data:DisabledTools');
    return names.map((name) => inToolFamily(factories[name](settings), dataFamilyName));
  },
};
