export { type CsvReaderInput, createCsvReaderTool, csvReaderInput, csvReaderToolName } from './csv/csv-reader-tool.js';
export { dataFamily, dataFamilyName } from './data-family.js';
export {
  bindDataSettings,
  type DataSettings,
  type DataSettingsInput,
  type DataToolName,
  dataSettings,
  dataToolNames,
} from './data-settings.js';
export type { DocxBlock } from './docx/docx-blocks.js';
export {
  createDocxReaderTool,
  type DocxReaderInput,
  docxReaderInput,
  docxReaderToolName,
} from './docx/docx-reader-tool.js';
export {
  createDocxWriterTool,
  type DocxWriterInput,
  docxWriterInput,
  docxWriterToolName,
} from './docx/docx-writer-tool.js';
export { DataLibraryMissingError, DataToolError } from './errors/data-tool-error.js';
export { type ToolsDataErrorCode, toolsDataErrorCodes } from './errors/error-codes.js';
export { createJsonTool, type JsonToolInput, jsonToolInput, jsonToolName } from './json/json-tool.js';
export { createPdfReaderTool, type PdfReaderInput, pdfReaderInput, pdfReaderToolName } from './pdf/pdf-reader-tool.js';
export type { Cell } from './shared/cell.js';
export type { ColumnSummary } from './shared/column-statistics.js';
export {
  createXlsxReaderTool,
  type XlsxReaderInput,
  xlsxReaderInput,
  xlsxReaderToolName,
} from './xlsx/xlsx-reader-tool.js';
export {
  createXlsxWriterTool,
  type XlsxWriterInput,
  xlsxWriterInput,
  xlsxWriterToolName,
} from './xlsx/xlsx-writer-tool.js';
export {
  createXmlParserTool,
  type XmlParserInput,
  xmlParserInput,
  xmlParserToolName,
} from './xml/xml-parser-tool.js';
