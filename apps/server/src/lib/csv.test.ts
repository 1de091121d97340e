import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('should prefix cells a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('-10.00+cmd|x')).toBe("'-10.00+cmd|x");
    expect(csvCell('-1e3')).toBe("'-1e3");
  });

  it('should quote a cell with a semicolon, so a semicolon-separated spreadsheet cannot split a formula out of it', () => {
    expect(csvCell('ann;=1+2')).toBe('"ann;=1+2"');
  });

  it('should keep plain numbers, negative amounts and ordinary text as they are', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-7n)).toBe('-7');
    expect(csvCell('ann')).toBe('ann');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('should quote cells with commas, quotes or line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
  });

  it('should write a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, '=x'],
          ['y', null],
        ],
      ),
    ).toBe("a,b\r\n1,'=x\r\ny,\r\n");
  });
});
