import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS, PRESETS } from '../../domain/resources/look-and-feel';
import { loginAccentVariables, readableOn } from '../../src/app/brand';

describe('issue 13: the look and feel reaches the login page primary button (C-LF-04, C-LF-13)', () => {
  it('C-LF-04 the red preset makes the menu colour the login page primary colour, with readable text', () => {
    const vars = loginAccentVariables(PRESETS.red);
    expect(vars['--primary']).toBe('#B71C1C');
    expect(vars['--ring']).toBe('#B71C1C');
    expect(vars['--primary-foreground']).toBe('#FFFFFF');
    expect(vars['--primary-hover']).toContain('#B71C1C');
  });

  it('C-LF-05 with the default colours (or none) nothing is overridden: the product primary stays', () => {
    expect(loginAccentVariables(DEFAULT_COLOURS)).toEqual({});
    expect(loginAccentVariables(null)).toEqual({});
    expect(loginAccentVariables({ menuColor: 'not a colour' })).toEqual({});
  });

  it('every preset gets a readable foreground; a light custom menu colour gets black text', () => {
    for (const preset of Object.values(PRESETS)) expect(loginAccentVariables(preset)['--primary-foreground']).toBe('#FFFFFF');
    expect(loginAccentVariables({ menuColor: 'FFF59DFF' })['--primary-foreground']).toBe('#000000');
    expect(readableOn('#000000')).toBe('#FFFFFF');
    expect(readableOn('#FFFFFF')).toBe('#000000');
  });
});
