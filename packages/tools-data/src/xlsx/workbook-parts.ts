import type { SheetEntry, StylesLike } from './workbook-knowledge.js';
import type { XmlPartHandler } from './xml-entry.js';

/** The sheet list and date system of xl/workbook.xml. */
export function workbookHandler(done: (sheets: SheetEntry[], date1904: boolean) => void): XmlPartHandler {
  const sheets: SheetEntry[] = [];
  let date1904 = false;
  return {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = isTrue(attributes.date1904);
      else if (name === 'sheet') {
        const rId = attributes['r:id'] ?? relationshipId(attributes);
        sheets.push({
          name: attributes.name ?? `Sheet${sheets.length + 1}`,
          id: Number(attributes.sheetId ?? sheets.length + 1),
          rId: rId ?? '',
          ...(attributes.state === undefined ? {} : { state: attributes.state }),
        });
      }
    },
    end: () => done(sheets, date1904),
  };
}

/** The relationships of xl/_rels/workbook.xml.rels (which part each sheet is). */
export function relationshipsHandler(done: (relationships: { Id: string; Target: string }[]) => void): XmlPartHandler {
  const relationships: { Id: string; Target: string }[] = [];
  return {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id !== undefined && attributes.Target !== undefined) {
        relationships.push({ Id: attributes.Id, Target: attributes.Target });
      }
    },
    end: () => done(relationships),
  };
}

/** Number formats by cell style (xl/styles.xml), enough to tell dates from numbers. */
export function stylesHandler(done: (styles: StylesLike) => void): XmlPartHandler {
  const formats = new Map<number, string>(builtInFormats);
  const cellFormats: number[] = [];
  let inCellFormats = false;
  return {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.numFmtId !== undefined) {
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) cellFormats.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
    end: () =>
      done({
        getStyleModel(id) {
          const format = formats.get(cellFormats[id] ?? 0);
          return format === undefined ? null : { numFmt: format };
        },
      }),
  };
}

/**
 * The shared strings of xl/sharedStrings.xml, each as its index and plain text (rich-text
 * runs joined; phonetic guides left out, as a spreadsheet shows the cell).
 */
export function sharedStringsHandler(offer: (index: number, text: string) => void): XmlPartHandler {
  let index = 0;
  let text = '';
  let inText = false;
  let phonetic = 0;
  return {
    open(name) {
      if (name === 't') inText = phonetic === 0;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 'si') text = '';
    },
    text(value) {
      if (inText) text += value;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') offer(index++, text);
    },
  };
}

function relationshipId(attributes: Readonly<Record<string, string>>): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (key.endsWith(':id')) return value;
  return undefined;
}

function isTrue(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** The date and time formats Excel knows by number without writing them into styles.xml. */
const builtInFormats: readonly [number, string][] = [
  [14, 'mm-dd-yy'],
  [15, 'd-mmm-yy'],
  [16, 'd-mmm'],
  [17, 'mmm-yy'],
  [18, 'h:mm AM/PM'],
  [19, 'h:mm:ss AM/PM'],
  [20, 'h:mm'],
  [21, 'h:mm:ss'],
  [22, 'm/d/yy h:mm'],
  [45, 'mm:ss'],
  [46, '[h]:mm:ss'],
  [47, 'mmss.0'],
];
