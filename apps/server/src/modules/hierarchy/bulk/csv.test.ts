import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvError, parseCsv, serialiseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });

  it('skips blank lines and keeps empty fields', () => {
    expect(parseCsv('a,,c\n\n,\n""')).toEqual([['a', '', 'c'], ['', ''], ['']]);
  });

  it('names the line of a broken quote', () => {
    expect(() => parseCsv('a\n"open\nnever closed')).toThrow(
      new CsvError('a quoted field is never closed.', 2),
    );
    expect(() => parseCsv('a\nb"c')).toThrow('Line 2: a quote inside an unquoted field.');
    expect(() => parseCsv('"a"b')).toThrow('Line 1: text after a closing quote');
  });
});

describe('serialiseCsv', () => {
  it('quotes only what needs it', () => {
    expect(serialiseCsv([['a', 'b c', 'd,e', 'f"g', ' h', ''], ['']])).toBe(
      'a,b c,"d,e","f""g"," h",\r\n""\r\n',
    );
  });

  it('round-trips any records', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '😀', '\t'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (records) => {
          expect(parseCsv(serialiseCsv(records))).toEqual(records);
        },
      ),
    );
  });
});
