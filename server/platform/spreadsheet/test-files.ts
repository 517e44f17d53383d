import zlib from 'node:zlib';

/**
 * Builders of hostile and huge xlsx files, made in memory in well under a second, for the tests and the
 * upload benchmark. A minimal zip writer is used because the point is to control what the zip declares.
 */
export interface ZipPart {
  name: string;
  /** The part already deflated (raw deflate). */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The size the headers claim (defaults to the true size). */
  declaredSize?: number;
}

export function deflatedPart(name: string, data: Buffer | string, level = 6): ZipPart {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return { name, deflated: zlib.deflateRawSync(bytes, { level }), crc: zlib.crc32(bytes), size: bytes.length };
}

export function zipOf(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? part.size;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(part.crc >>> 0, 14);
    header.writeUInt32LE(part.deflated.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, part.deflated);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += 30 + name.length + part.deflated.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, centralBytes, end]);
}

const workbookParts = (): ZipPart[] => [
  deflatedPart(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  deflatedPart(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  deflatedPart(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  deflatedPart(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/** An xlsx whose first sheet has a header row and then `rows` rows of one small cell (written straight to bytes). */
export function manyRowsXlsx(rows: number): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>first name</t></is></c><c r="B1" t="inlineStr"><is><t>surname</t></is></c><c r="C1" t="inlineStr"><is><t>grade</t></is></c></row>';
  const tail = '</sheetData></worksheet>';
  const xml = Buffer.allocUnsafe(head.length + tail.length + rows * 48);
  let o = xml.write(head, 0, 'latin1');
  for (let r = 2; r <= rows + 1; r++) {
    const n = String(r);
    o += xml.write('<row r="', o, 'latin1');
    o += xml.write(n, o, 'latin1');
    o += xml.write('"><c r="C', o, 'latin1');
    o += xml.write(n, o, 'latin1');
    o += xml.write('"><v>9</v></c></row>', o, 'latin1');
  }
  o += xml.write(tail, o, 'latin1');
  return zipOf([...workbookParts(), deflatedPart('xl/worksheets/sheet1.xml', xml.subarray(0, o), 1)]);
}

/**
 * An xlsx of about 390 KB whose sheet inflates to `megabytes` MB of spaces: 1 MB deflated once with a full
 * flush (so the blocks stand alone), repeated, then an empty final block. With `lie`, the zip declares a
 * 1 KB sheet, so only counting while inflating can catch it.
 */
export function bombXlsx(megabytes = 400, lie = false): Buffer {
  const block = Buffer.alloc(1_048_576, 0x20);
  const once = zlib.deflateRawSync(block, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(block, crc);
  const deflated = Buffer.concat([...Array.from({ length: megabytes }, () => once), Buffer.from([0x03, 0x00])]);
  const size = megabytes * block.length;
  return zipOf([
    ...workbookParts(),
    { name: 'xl/worksheets/sheet1.xml', deflated, crc, size, ...(lie ? { declaredSize: 1024 } : {}) },
  ]);
}
