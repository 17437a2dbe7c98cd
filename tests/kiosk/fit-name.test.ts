import { describe, expect, it } from 'vitest';
import { fitName, nameChars } from '../../kiosk/format';

describe('a name on an agent tile (issue 13: long names were cut mid-word)', () => {
  it('keeps a name that fits, and squeezes repeated spaces', () => {
    expect(fitName('Ana Lima', 12)).toBe('Ana Lima');
    expect(fitName('  Ana   Lima ', 12)).toBe('Ana Lima');
  });

  it('drops middle names first, then shortens the last name to its initial, then keeps the first name', () => {
    const name = 'Maria Aparecida dos Santos';
    expect(fitName(name, 26)).toBe(name);
    expect(fitName(name, 20)).toBe('Maria Santos');
    expect(fitName(name, 12)).toBe('Maria Santos');
    expect(fitName(name, 11)).toBe('Maria S.');
    expect(fitName(name, 8)).toBe('Maria S.');
    expect(fitName(name, 7)).toBe('Maria');
    // even the first name is too long: the tile's CSS ellipsis takes over
    expect(fitName(name, 3)).toBe('Maria');
  });

  it('a single long word stays whole (the ellipsis cuts it)', () => {
    expect(fitName('Supercalifragilistic', 8)).toBe('Supercalifragilistic');
  });

  it('estimates the characters that fit from the width and the font size, at least one', () => {
    expect(nameChars(110, 10)).toBe(20);
    expect(nameChars(55, 20)).toBe(5);
    expect(nameChars(1, 40)).toBe(1);
  });
});
