import { COLOUR_FIELDS, type ColourField, type LookAndFeel } from '../../domain/resources/look-and-feel';

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
