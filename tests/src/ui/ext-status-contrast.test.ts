/**
 * G-AGS-05: every state colour is a token pair (background and text) that reads at 4.5:1 or more (WCAG
 * AA for text), on the panel and on the kiosk in both themes; and every state the wall can show has
 * its look (token, icon, label).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHOWN_STATUSES } from '../../../domain/agents';
import { EXT_STATUS_TOKENS, PAUSED_OVER, STATUS_LOOK, statusLook } from '../../../src/ui/ext-status';
import { STATUS_ICONS } from '../../../src/ui/ext-status-icon';
import { oklchToLinear } from './colour-names';

/** oklch(L C H) → relative luminance */
function luminance(oklch: string): number {
  const [r, g, b] = oklchToLinear(oklch);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (x: string, y: string) => {
  const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (a + 0.05) / (b + 0.05);
};

/** the custom properties of one rule block of kiosk.css */
function block(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const looks = Object.values(STATUS_LOOK);

describe('state colours', () => {
  it('G-AGS-05 every shown state has a look of its own (token, icon, label), the overdue pause too', () => {
    expect(new Set(SHOWN_STATUSES.map((status) => statusLook(status).tone)).size).toBe(SHOWN_STATUSES.length);
    expect(statusLook(7, true)).toBe(STATUS_LOOK[PAUSED_OVER]);
    expect(new Set(looks.map((l) => l.token)).size).toBe(looks.length);
    for (const look of looks) expect(STATUS_ICONS[look.icon], look.icon).toBeDefined();
  });

  it('G-AGS-05 the panel tokens: each state and its text at 4.5:1 or more', () => {
    for (const look of looks) {
      const ratio = contrast(EXT_STATUS_TOKENS[look.token], EXT_STATUS_TOKENS[`${look.token}-fg`]);
      expect(ratio, `${look.tone} ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('G-AGS-05 the kiosk tokens in the dark and the light theme: each state and its text at 4.5:1 or more', () => {
    const css = readFileSync(new URL('../../../kiosk/kiosk.css', import.meta.url), 'utf8');
    const dark = block(css, ':root');
    const light = { ...dark, ...block(css, ':root.kiosk-light') };
    for (const [theme, tokens] of [['dark', dark], ['light', light]] as const) {
      for (const look of looks) {
        expect(tokens[look.token], `${theme} ${look.token}`).toBeDefined();
        const ratio = contrast(tokens[look.token], tokens[`${look.token}-fg`]);
        expect(ratio, `${theme} ${look.tone} ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
