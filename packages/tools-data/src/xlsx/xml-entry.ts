import type { SaxesParser, SaxesTagPlain } from 'saxes';
import { DataToolError } from '../errors/data-tool-error.js';
import type { ZipEntryReader } from './zip-stream.js';

/** What a part reader does with the XML events of one entry; element names come without their prefix. */
export interface XmlPartHandler {
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text?(text: string): void;
  close?(name: string): void;
  /** After the last event: false stops the whole read (the sheet's visitor had enough). */
  readonly wantsMore?: () => boolean;
  end?(): void;
}

type SaxesModule = typeof import('saxes');

/**
 * An XML entry of the archive parsed as it inflates (saxes: no DTD, no external
 * entities, so an XLSX cannot reach a file or expand entities). Office writes UTF-8.
 */
export function xmlEntryReader(saxes: SaxesModule, entryName: string, handler: XmlPartHandler): ZipEntryReader {
  const parser: SaxesParser = new saxes.SaxesParser({ position: false });
  const decoder = new TextDecoder('utf-8');
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => handler.open(localName(tag.name), tag.attributes));
  if (handler.text !== undefined) {
    const text = handler.text.bind(handler);
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (handler.close !== undefined) {
    const close = handler.close.bind(handler);
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  const check = () => {
    if (failure !== undefined) {
      throw new DataToolError(
        'DATA_FILE_MALFORMED',
        `The workbook's part '${entryName}' is not well-formed XML (${failure.message}); open and save it again in a spreadsheet program.`,
        { cause: failure },
      );
    }
  };
  return {
    chunk(bytes) {
      parser.write(decoder.decode(bytes, { stream: true }));
      check();
      return handler.wantsMore?.() ?? true;
    },
    end() {
      parser.write(decoder.decode());
      parser.close();
      check();
      handler.end?.();
    },
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
