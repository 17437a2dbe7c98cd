import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/features/reports/format';

// Intl writes a no-break space between the symbol and the amount; compare with plain spaces
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('money on the screens (A-I18N-04, D-CDR-07)', () => {
  it("a call's cost keeps the tariff's four decimals", () => {
    expect(plain(formatMoney(0.295, 'pt-BR'))).toBe('R$ 0,295');
    expect(plain(formatMoney(1.2345, 'pt-BR'))).toBe('R$ 1,2345');
  });

  it('a total shows cents: 37.658 is R$ 37,66, not a figure that reads as thousands', () => {
    expect(plain(formatMoney(37.658, 'pt-BR', 2))).toBe('R$ 37,66');
    expect(plain(formatMoney(1234.5, 'pt-BR', 2))).toBe('R$ 1.234,50');
    expect(plain(formatMoney(37.658, 'en-US', 2))).toBe('R$37.66');
  });
});
