import { z } from 'zod';
import { LIMITS } from '../constants';
import { PATTERNS } from '../validation';
import { CEILING } from '../level-ceilings';
import { defineSingleton } from './singleton';

export const COLOUR_FIELDS = ['menuIconColor', 'menuFontColor', 'hoverColor', 'menuColor', 'backgroundColor', 'loginTextColor'] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

export const IMAGE_FIELDS = {
  loginImage: { upload: 'imageLogin', accept: ['image/png', 'image/jpeg'], hint: '512x512' },
  loginBottomImage: { upload: 'imageLoginBottom', accept: ['image/png', 'image/jpeg'], hint: '200x50' },
  favIconImage: { upload: 'imageFavIcon', accept: ['image/png'], hint: '128x128' },
} as const;
export type ImageField = keyof typeof IMAGE_FIELDS;
export const IMAGE_MAX_BYTES = LIMITS.imageMaxBytes;

/** C-LF-05 default colours. */
export const DEFAULT_COLOURS: Record<ColourField, string> = {
  menuIconColor: '00C6ABFF',
  menuFontColor: 'D3FBD8FF',
  hoverColor: 'DE141400',
  menuColor: '37474FFF',
  backgroundColor: 'F2F2F2FF',
  loginTextColor: '000000FF',
};

/**
 * C-LF-04: the spec names five presets without values; these are ours, each readable with the
 * default light text on the menu.
 */
export const PRESETS: Record<'red' | 'blue' | 'yellow' | 'green' | 'violet', Record<ColourField, string>> = {
  red: { menuIconColor: 'FF8A80FF', menuFontColor: 'FFEBEEFF', hoverColor: 'FFCDD2FF', menuColor: 'B71C1CFF', backgroundColor: 'FFF5F5FF', loginTextColor: '3E0A0AFF' },
  blue: { menuIconColor: '82B1FFFF', menuFontColor: 'E3F2FDFF', hoverColor: 'BBDEFBFF', menuColor: '0D47A1FF', backgroundColor: 'F3F8FFFF', loginTextColor: '0A1F3EFF' },
  yellow: { menuIconColor: 'FFD740FF', menuFontColor: 'FFFDE7FF', hoverColor: 'FFF59DFF', menuColor: '5D4A00FF', backgroundColor: 'FFFDF2FF', loginTextColor: '332900FF' },
  green: { menuIconColor: '69F0AEFF', menuFontColor: 'E8F5E9FF', hoverColor: 'C8E6C9FF', menuColor: '1B5E20FF', backgroundColor: 'F4FBF4FF', loginTextColor: '0B2E0DFF' },
  violet: { menuIconColor: 'EA80FCFF', menuFontColor: 'F3E5F5FF', hoverColor: 'E1BEE7FF', menuColor: '4A148CFF', backgroundColor: 'F9F4FCFF', loginTextColor: '24093FFF' },
};

/** C-LF-06: 8-digit hex without '#', upper case; FF alpha is appended to a 6-digit colour. */
export function normaliseColour(value: string): string {
  const hex = value.trim().replace(/^#/, '').toUpperCase();
  return hex.length === 6 ? hex + 'FF' : hex;
}

const colour = z
  .string()
  .trim()
  .regex(PATTERNS.hexColour, { error: 'validation.colour' })
  .transform(normaliseColour);

export const lookAndFeelSchema = z.object({
  menuIconColor: colour,
  menuFontColor: colour,
  hoverColor: colour,
  menuColor: colour,
  backgroundColor: colour,
  loginTextColor: colour,
  tabName: z.string().trim().max(60, { error: 'validation.maxLength|{"max":60}' }).default(''),
});
export type LookAndFeelInput = z.input<typeof lookAndFeelSchema>;

/** Public answer of GET /lookandfeel/{corpName}: colours, tab name and image URLs (null = default). */
export interface LookAndFeel extends Record<ColourField, string> {
  tabName: string;
  loginImage: string | null;
  loginBottomImage: string | null;
  favIconImage: string | null;
}

/**
 * Checks an uploaded image by its first bytes, not by its name (C-LF-07..09): PNG or JPEG.
 * Returns the detected MIME type or null.
 */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export function checkImage(field: ImageField, bytes: Uint8Array): 'validation.imageType' | 'validation.imageSize' | null {
  if (bytes.length > IMAGE_MAX_BYTES) return 'validation.imageSize';
  const type = sniffImage(bytes);
  if (!type || !(IMAGE_FIELDS[field].accept as readonly string[]).includes(type)) return 'validation.imageType';
  return null;
}

/**
 * A corp's look and feel (C-LF), a singleton of the registry (J-ONE-02): GET and PUT (multipart with the
 * images, or JSON) `lookandfeel`, of the request's corp, or the supervisor's own without a working corp.
 * Any signed-in user reads it (the shell paints with it); a special screen edits it (colour pickers,
 * uploads, presets). The public read by corp url and the images are special routes beside it.
 */
export const lookAndFeelSingleton = defineSingleton({
  name: 'lookAndFeel',
  path: 'lookandfeel',
  view: 'lookAndFeel',
  // A-RTE-11: levels 1-4 with the view (and the corp's allowCustom, checked by the server binding)
  levels: { update: CEILING.lookAndFeel },
  scope: { of: 'corp', withoutWorkingCorp: 'home' },
  openRead: true,
  // J-API-02: a PATCH changes the colours or the tab name it names, the others keep theirs
  patch: true,
  schema: () => lookAndFeelSchema,
});
