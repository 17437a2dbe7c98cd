import { COLOUR_FIELDS, DEFAULT_COLOURS, type ColourField, type LookAndFeel } from '../../domain/resources/look-and-feel';

/** The API's RRGGBBAA (no '#') as a CSS colour, or null when it is not one. */
export function cssColour(value: string | null | undefined): string | null {
  if (!value) return null;
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{8}$/.test(hex)) return `#${hex.toUpperCase()}`;
  if (/^[0-9a-fA-F]{6}$/.test(hex)) return `#${hex.toUpperCase()}FF`;
  return null;
}

/** Which CSS variable each look-and-feel colour drives (see styles.css). */
export const BRAND_VARIABLES: Record<ColourField, string> = {
  menuColor: '--menu-bg',
  menuFontColor: '--menu-fg',
  menuIconColor: '--menu-icon',
  hoverColor: '--menu-hover',
  backgroundColor: '--brand-bg-light',
  loginTextColor: '--login-text',
};

/** CSS variables for a look and feel; invalid colours are left out (the defaults stay). */
export function brandVariables(lookAndFeel: Partial<Record<ColourField, string>> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!lookAndFeel) return out;
  for (const field of COLOUR_FIELDS) {
    const colour = cssColour(lookAndFeel[field]);
    if (colour) out[BRAND_VARIABLES[field]] = colour;
  }
  return out;
}

export const DEFAULT_TITLE = 'Callboard';

/** Applies the colours to an element (the document root), the tab title and the favicon. */
export function applyBrand(lookAndFeel: LookAndFeel | null | undefined, root: HTMLElement = document.documentElement): void {
  for (const variable of Object.values(BRAND_VARIABLES)) root.style.removeProperty(variable);
  for (const [variable, value] of Object.entries(brandVariables(lookAndFeel))) root.style.setProperty(variable, value);
  document.title = lookAndFeel?.tabName?.trim() || DEFAULT_TITLE;
  const icon = document.getElementById('app-favicon') as HTMLLinkElement | null;
  if (icon) {
    if (!icon.dataset.defaultHref) icon.dataset.defaultHref = icon.href;
    icon.href = lookAndFeel?.favIconImage || icon.dataset.defaultHref;
    icon.type = lookAndFeel?.favIconImage ? '' : 'image/svg+xml';
  }
}

/** Relative luminance (WCAG) of a #RRGGBB[AA] colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Black or white, whichever reads better on the colour (WCAG contrast). */
export function readableOn(colour: string): '#000000' | '#FFFFFF' {
  const l = luminance(colour);
  return (1.05) / (l + 0.05) >= (l + 0.05) / 0.05 ? '#FFFFFF' : '#000000';
}

/**
 * Issue 13: a preset's colours reach the login page's primary button (and its focus ring and accents):
 * the corp's menu colour becomes the page's primary colour. With the default menu colour nothing is
 * overridden, so the product's own primary colour stays. Returned as CSS variables for the page's root.
 */
export function loginAccentVariables(lookAndFeel: Partial<Record<ColourField, string>> | null | undefined): Record<string, string> {
  const accent = cssColour(lookAndFeel?.menuColor);
  if (!accent || accent === cssColour(DEFAULT_COLOURS.menuColor)) return {};
  const solid = accent.slice(0, 7);
  return {
    '--primary': solid,
    '--primary-hover': `color-mix(in oklab, ${solid} 85%, black)`,
    '--primary-foreground': readableOn(solid),
    '--primary-soft': `color-mix(in oklab, ${solid} 15%, var(--surface))`,
    '--ring': solid,
  };
}
