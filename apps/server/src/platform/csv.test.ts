import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends, the last line ended too', () => {
    expect(
      toCsv([
        ['Date', 'Visits'],
        ['2024-01-15', 3],
        ['2024-01-16', 0],
      ]),
    ).toBe('Date,Visits\r\n2024-01-15,3\r\n2024-01-16,0\r\n');
  });

  it('writes a header alone when there are no rows', () => {
    expect(toCsv([['Chief complaint', 'Visits']])).toBe('Chief complaint,Visits\r\n');
  });

  it('writes null and empty text as empty fields, and an empty record as an empty line', () => {
    expect(toCsv([['Title'], [], ['a', null, '', 'b']])).toBe('Title\r\n\r\na,,,b\r\n');
  });

  it('quotes only fields with a comma, a quote or a line break, doubling quotes', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'plain text', 'tab\there']])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\rhere",plain text,tab\there\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('defuses text a spreadsheet would run as a formula: %j', (text, field) => {
    expect(toCsv([[text]])).toBe(`${field}\r\n`);
  });

  it('leaves numbers, and text with a formula sign further in, as they are', () => {
    expect(toCsv([[-2, 1.5, 'a=b', ' =1', '＝1']])).toBe('-2,1.5,a=b, =1,＝1\r\n');
  });
});
