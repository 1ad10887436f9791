/** Every error code of `@orkeon/tools-data`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const toolsDataErrorCodes = {
  // Libraries
  DATA_LIBRARY_MISSING:
    'A parser library of the data tools could not be loaded: install the package the message names (it is a dependency of `@orkeon/tools-data`, so reinstalling that package restores it).',

  // Refusals a data tool answers as its result (never thrown past the tool)
  DATA_PATH_REFUSED:
    'The file system refused the path (outside every mount, a link out of its mount, no right, nothing there): the message names the virtual path and the rule.',
  DATA_INPUT_INVALID:
    'A data tool was called with input it cannot use (both or neither of `text` and `path`, a bad range, a sheet that does not exist): the message says what to give instead.',
  DATA_FILE_TOO_LARGE:
    'A file that must be read whole is larger than `Svc:Tools:Data:MaxFileBytes`: read a smaller file, or raise the setting.',
  DATA_FILE_MALFORMED:
    'The file is not valid in its format (an unclosed CSV quote, broken XML, a damaged PDF or ZIP): the message names the place; fix or re-export the file.',
  DATA_FILE_UNSUPPORTED:
    'The file uses a feature the tool refuses on purpose (an XML DTD with entities, an encrypted PDF): the message says which and how to get a plain copy.',
  DATA_ARCHIVE_TOO_LARGE:
    'A DOCX or XLSX expands to more than `Svc:Tools:Data:MaxUncompressedBytes` (possibly a zip bomb): use a smaller file, or raise the setting if the file is trusted.',
  DATA_QUERY_INVALID:
    'A JSONPath or XPath expression cannot be evaluated (bad syntax, an unknown function, script evaluation): the message says what is allowed.',
  DATA_OUTPUT_EXISTS:
    'A writer was asked to write over an existing file without `overwrite: true`: pass it, or choose another path.',
  DATA_TOOL_STOPPED:
    'A data tool stopped because its call timed out or was cancelled; nothing more was read or written.',
} as const;

export type ToolsDataErrorCode = keyof typeof toolsDataErrorCodes;
