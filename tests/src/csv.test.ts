import { describe, expect, it } from 'vitest';
import { buildCsv, buildTsv, csvCell, neutralise } from '../../src/resources/csv';

describe('CSV export (F-CSV-01)', () => {
  it('F-CSV-01 RFC 4180: plain cells stay bare, lines end with CRLF', () => {
    expect(buildCsv(['Name', 'Users'], [['Acme', 3]])).toBe('Name,Users\r\nAcme,3\r\n');
  });

  it('F-CSV-01 RFC 4180: commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('F-CSV-01 formula injection: text starting with = + - @ tab or CR gets a leading apostrophe', () => {
    for (const danger of ['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(neutralise(danger)).toBe(`'${danger}`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(neutralise('safe=text')).toBe('safe=text');
  });

  it('F-CSV-01 numbers and booleans are written as they are, empty values as nothing', () => {
    expect(neutralise(-5)).toBe('-5');
    expect(neutralise(true)).toBe('true');
    expect(neutralise(null)).toBe('');
    expect(neutralise(undefined)).toBe('');
  });

  it('F-CSV-01 headers go through the same quoting', () => {
    expect(buildCsv(['a,b'], [])).toBe('"a,b"\r\n');
  });

  it('F-CSV-01 copy to clipboard: tab separated, tabs and line breaks inside cells flattened, injection neutralised', () => {
    expect(buildTsv(['Name', 'Note'], [['Acme', 'two\nlines\tand tab'], ['=evil', 4]])).toBe("Name\tNote\nAcme\ttwo lines and tab\n'=evil\t4");
  });
});
