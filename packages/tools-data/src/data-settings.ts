import { bindSettingsInCode, defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';

/** The names of the family's tools, in catalogue order. */
export const dataToolNames = [
  'csv_reader',
  'json_tool',
  'xml_parser',
  'pdf_reader',
  'docx_reader',
  'docx_writer',
  'xlsx_reader',
  'xlsx_writer',
] as const;

export type DataToolName = (typeof dataToolNames)[number];

const megabyte = 1024 * 1024;

/** `Svc:Tools:Data`: which data tools exist and how much each may read, return and write. */
export const dataSettings = defineSettingsSection(
  'Svc:Tools:Data',
  z.object({
    DisabledTools: z
      .array(z.enum(dataToolNames))
      .default([])
      .describe('Tools of the family not to build, e.g. ["docx_writer", "xlsx_writer"] for a read-only crew.'),
    MaxRows: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(500)
      .describe(
        'Most rows csv_reader and xlsx_reader return in one call (and most JSONPath matches or XPath nodes); ask with an offset for more.',
      ),
    MaxCharacters: z
      .number()
      .int()
      .min(1_000)
      .max(2_000_000)
      .default(20_000)
      .describe('Most characters of text one call returns; what is cut is named in the result.'),
    MaxFileBytes: z
      .number()
      .int()
      .min(1)
      .default(25 * megabyte)
      .describe(
        'Largest file read whole (JSON, XML, PDF, DOCX); CSV and XLSX are streamed and have no size limit. Svc:FileSystem:MaxFileSizeBytes applies as well.',
      ),
    MaxUncompressedBytes: z
      .number()
      .int()
      .min(1)
      .default(200 * megabyte)
      .describe(
        'Most bytes a DOCX may expand to, and the XLSX shared-strings table may hold, when unzipped; more is refused as a possible zip bomb.',
      ),
    MaxRecordCharacters: z
      .number()
      .int()
      .min(1_000)
      .max(100_000_000)
      .default(1_000_000)
      .describe(
        'Longest CSV record (one row, quotes included); a longer one, e.g. from an unclosed quote, is refused.',
      ),
    MaxWriteCells: z
      .number()
      .int()
      .min(1)
      .default(1_000_000)
      .describe('Most cells xlsx_writer writes, and table cells docx_writer writes, in one call.'),
    TimeoutSeconds: z
      .number()
      .min(1)
      .max(3_600)
      .default(300)
      .describe('Time limit of one call; a streamed read of a large file stops there and says so.'),
  }),
  {
    description:
      'The data tools (csv_reader, json_tool, xml_parser, pdf_reader, docx_reader, docx_writer, xlsx_reader, xlsx_writer): which are built and their limits.',
  },
);

/** The bound `Svc:Tools:Data` settings, defaults applied. */
export type DataSettings = z.output<typeof dataSettings.schema>;

/** The settings as written: every key optional. */
export type DataSettingsInput = z.input<typeof dataSettings.schema>;

/**
 * Applies the defaults to settings written in code and checks them as the
 * configuration would; a bad value throws a `ConfigurationError` naming the key.
 */
export function bindDataSettings(settings: DataSettingsInput = {}): DataSettings {
  return bindSettingsInCode(dataSettings, settings);
}
