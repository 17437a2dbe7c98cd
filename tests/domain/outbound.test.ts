import { describe, expect, it } from 'vitest';
import { restrictionDialPattern, sipRouteDialPattern, translateNumber, translationExpression } from '../../domain/outbound';

describe('outbound routing patterns (issue 12: SIP routes and restrictions in the dialplan)', () => {
  it('C-SIP-05 a SIP route pattern: digits as they are, a dot any digit, T the rest (possibly empty)', () => {
    expect(sipRouteDialPattern('0..T')).toBe('_0XX!');
    expect(sipRouteDialPattern('00T')).toBe('_00!');
    expect(sipRouteDialPattern('9........T')).toBe('_9XXXXXXXX!');
  });

  it('C-SIP-06 a translation is a template: digits written, each dot takes the pattern dot of the same rank, T the rest', () => {
    expect(translateNumber('0..T', '55..T', '011987654321')).toBe('5511987654321');
    expect(translateNumber('0..T', 'T', '011987654321')).toBe('987654321');
    expect(translateNumber('00T', '+T', '0044207')).toBe('+44207');
    // dots beyond the pattern's are left out; digits only
    expect(translateNumber('0T', '55..T', '0123')).toBe('55123');
    expect(translateNumber('9........T', '11.........T', '987654321')).toBe('11' + '87654321');
  });

  it('the Asterisk expression of a translation reads what translateNumber reads, position by position', () => {
    expect(translationExpression('0..T', '55..T')).toBe('55${EXTEN:1:1}${EXTEN:2:1}${EXTEN:3}');
    expect(translationExpression('00T', 'T', 'NUM')).toBe('${NUM:2}');
    // evaluate the expression the way Asterisk does for a few numbers, and compare
    const evaluate = (expr: string, value: string) => expr.replace(/\$\{EXTEN:(\d+)(?::(\d+))?\}/g, (_, from: string, len?: string) => value.substr(Number(from), len === undefined ? undefined : Number(len)));
    for (const [pattern, translation, dialled] of [
      ['0..T', '55..T', '011987654321'],
      ['0T', '0T', '0800123'],
      ['.T', '..T', '123'],
    ] as const) {
      expect(evaluate(translationExpression(pattern, translation), dialled)).toBe(translateNumber(pattern, translation, dialled));
    }
  });

  it('C-ERS-05 a restriction pattern: T is any continuation, without T the number itself', () => {
    expect(restrictionDialPattern('0900T')).toBe('_0900!');
    expect(restrictionDialPattern('551199990000')).toBe('551199990000');
  });
});
