// The fixed parts of a one-sheet workbook (SpreadsheetML) and its style sheet, whose number formats
// (one per currency) are collected while the rows are written and saved last.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot carry at all, and lone surrogates, are dropped rather than escaped.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function xmlText(value: string): string {
  // Most cells are plain: one test instead of five replacements.
  if (!NEEDS_WORK.test(value)) return value;
  return value
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Sheet names: at most 31 characters, none of []:*?/\. */
export function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Report'
  );
}

export function contentTypesXml(): string {
  const t = 'application/vnd.openxmlformats-officedocument';
  return (
    `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${t}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${t}.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${t}.spreadsheetml.styles+xml"/>` +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '</Types>'
  );
}

export function packageRelsXml(): string {
  return (
    `${DECL}<Relationships xmlns="${PKG_REL}">` +
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
    `<Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/>` +
    '</Relationships>'
  );
}

export function coreXml(title: string, created: Date): string {
  const at = `${created.toISOString().slice(0, 19)}Z`;
  return (
    `${DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlText(title)}</dc:title><dc:creator>Backline</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    '</cp:coreProperties>'
  );
}

/** The workbook, printing the title block and header row atop every page. */
export function workbookXml(name: string, headerRow: number): string {
  const quoted = `'${xmlText(name).replaceAll("'", "''")}'`;
  return (
    `${DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets>` +
    `<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">${quoted}!$1:$${headerRow}</definedName></definedNames>` +
    '</workbook>'
  );
}

export function workbookRelsXml(): string {
  return (
    `${DECL}<Relationships xmlns="${PKG_REL}">` +
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

export function sheetStartXml(widths: number[], headerRow: number): string {
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w.toFixed(1)}" customWidth="1"/>`)
    .join('');
  const top = `A${headerRow + 1}`;
  return (
    `${DECL}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    // Printed landscape, as wide as one page and as long as it takes.
    '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
    '<sheetViews><sheetView workbookViewId="0">' +
    `<pane ySplit="${headerRow}" topLeftCell="${top}" activePane="bottomLeft" state="frozen"/>` +
    `<selection pane="bottomLeft" activeCell="${top}" sqref="${top}"/>` +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData>`
  );
}

export const SHEET_END_XML =
  '</sheetData><pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/><pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>';

/** Fonts, fills and borders a cell can combine; their order is their id in styles.xml. */
export const FONT = { normal: 0, bold: 1, title: 2 } as const;
export const FILL = { none: 0, header: 2 } as const;
export const BORDER = { none: 0, below: 1, above: 2 } as const;

interface Xf {
  numFmt: number;
  font: number;
  fill: number;
  border: number;
}

/** Cell styles, each a number format with a font, fill and border, numbered as first asked for. */
export class StyleBook {
  private readonly formats = new Map<string, number>();
  private readonly xfs: Xf[] = [{ numFmt: 0, font: 0, fill: 0, border: 0 }];
  private readonly ids = new Map<string, number>([['0|0|0|0', 0]]);

  /** The style id of a cell; `format` is an Excel format code, or '' for General. */
  style(
    format: string,
    font: number = FONT.normal,
    fill: number = FILL.none,
    border: number = BORDER.none,
  ): number {
    let numFmt = 0;
    if (format) {
      numFmt = this.formats.get(format) ?? 164 + this.formats.size;
      this.formats.set(format, numFmt);
    }
    const key = `${numFmt}|${font}|${fill}|${border}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.xfs.length;
      this.xfs.push({ numFmt, font, fill, border });
      this.ids.set(key, id);
    }
    return id;
  }

  xml(): string {
    const font = (extra: string, size: number) =>
      `<font>${extra}<sz val="${size}"/><name val="Calibri"/><family val="2"/></font>`;
    const numFmts = [...this.formats]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`)
      .join('');
    const xfs = this.xfs
      .map(
        (x) =>
          `<xf numFmtId="${x.numFmt}" fontId="${x.font}" fillId="${x.fill}" borderId="${x.border}" xfId="0"` +
          `${x.numFmt ? ' applyNumberFormat="1"' : ''}${x.font ? ' applyFont="1"' : ''}` +
          `${x.fill ? ' applyFill="1"' : ''}${x.border ? ' applyBorder="1"' : ''}/>`,
      )
      .join('');
    const side = (name: string, on: boolean) =>
      on ? `<${name} style="thin"><color auto="1"/></${name}>` : `<${name}/>`;
    const border = (below: boolean, above: boolean) =>
      `<border>${side('left', false)}${side('right', false)}${side('top', above)}${side('bottom', below)}<diagonal/></border>`;
    return (
      `${DECL}<styleSheet xmlns="${MAIN}">` +
      (this.formats.size ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      `<fonts count="3">${font('', 11)}${font('<b/>', 11)}${font('<b/>', 14)}</fonts>` +
      '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
      '<fill><patternFill patternType="solid"><fgColor rgb="FFE7ECF2"/><bgColor indexed="64"/></patternFill></fill></fills>' +
      `<borders count="3">${border(false, false)}${border(true, false)}${border(false, true)}</borders>` +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.length}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
