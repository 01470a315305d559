/**
 * RFC 4180 CSV, as spreadsheets write it: fields separated by commas, records by CRLF or LF, a
 * field quoted when it holds a comma, a quote or a line break, a quote inside written twice.
 * A UTF-8 byte order mark (Excel adds one) is skipped.
 */

/** Thrown for text that is not CSV; `line` is 1-based. */
export class CsvError extends Error {
  override name = 'CsvError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** The records of `text`, each a list of fields. A blank last line is not a record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Whether the current record has any content (a field, or a separator) yet.
  let started = false;
  const end = text.length;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code === QUOTE && field === '') {
      // A quoted field: runs to the closing quote; "" is a quote.
      const startLine = line;
      i += 1;
      let value = '';
      let from = i;
      for (;;) {
        const next = text.indexOf('"', i);
        if (next === -1) throw new CsvError('a quoted field is never closed.', startLine);
        value += text.slice(from, next);
        for (let k = from; k < next; k += 1) if (text.charCodeAt(k) === LF) line += 1;
        if (text.charCodeAt(next + 1) === QUOTE) {
          value += '"';
          i = next + 2;
          from = i;
          continue;
        }
        i = next + 1;
        break;
      }
      const after = text.charCodeAt(i);
      if (i < end && after !== COMMA && after !== LF && after !== CR) {
        throw new CsvError('text after a closing quote; quote the whole field.', line);
      }
      field = value;
      started = true;
      // An empty quoted field must still count as a field: mark it with the flag above.
      if (i >= end) break;
      continue;
    }
    if (code === COMMA) {
      record.push(field);
      field = '';
      started = true;
      i += 1;
      continue;
    }
    if (code === CR || code === LF) {
      if (started || field !== '') {
        record.push(field);
        records.push(record);
      }
      record = [];
      field = '';
      started = false;
      i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      continue;
    }
    if (code === QUOTE) throw new CsvError('a quote inside an unquoted field.', line);
    // Plain text up to the next separator, in one slice.
    let j = i + 1;
    while (j < end) {
      const c = text.charCodeAt(j);
      if (c === COMMA || c === LF || c === CR || c === QUOTE) break;
      j += 1;
    }
    field += text.slice(i, j);
    started = true;
    i = j;
  }
  if (started || field !== '') {
    record.push(field);
    records.push(record);
  }
  return records;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field, quoted when it must be (or when spaces at its ends would be trimmed by readers). */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text, CRLF-separated as RFC 4180 writes it, ending with a line break. */
export function serialiseCsv(records: readonly (readonly string[])[]): string {
  let text = '';
  for (const record of records) {
    // A lone empty field would be a blank line, which is no record: quote it.
    const line = record.length === 1 && record[0] === '' ? '""' : record.map(csvField).join(',');
    text += `${line}\r\n`;
  }
  return text;
}
