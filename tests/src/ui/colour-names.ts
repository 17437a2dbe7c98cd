/**
 * The spec's words for the state colours (B-PNL-13: 0 grey, 1 light blue, 2 purple, 3 green, 4 red,
 * 5 amber), told from a colour as the eye would: by hue, saturation and lightness of its sRGB value.
 * Shared by the unit tests (the tokens, written in oklch) and the e2e tests (the pixels and computed
 * styles chromium paints), so both hold the product's colours to the same words.
 */
export type SpecColour = 'grey' | 'light blue' | 'purple' | 'green' | 'red' | 'amber';
export type Rgb = readonly [number, number, number];

/** B-PNL-13, by status code */
export const SPEC_STATUS_COLOURS: readonly SpecColour[] = ['grey', 'light blue', 'purple', 'green', 'red', 'amber'];

/** The spec's word for an sRGB colour (0-255 channels), or 'other' when none fits. */
export function colourName([r, g, b]: Rgb): SpecColour | 'other' {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const chroma = max - min;
  const lightness = (max + min) / 2;
  // a hint of colour (a cool grey's blue) is still grey
  if (chroma < 0.12) return 'grey';
  let hue = max === R ? ((G - B) / chroma) % 6 : max === G ? (B - R) / chroma + 2 : (R - G) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue >= 345 || hue < 15) return 'red';
  if (hue >= 35 && hue < 55) return 'amber';
  if (hue >= 90 && hue < 170) return 'green';
  // a dark or navy blue is not the spec's light blue
  if (hue >= 180 && hue < 250) return lightness >= 0.5 ? 'light blue' : 'other';
  if (hue >= 250 && hue < 315) return 'purple';
  return 'other';
}

/** oklch(L C H) → linear sRGB 0-1 (OKLab → linear sRGB, clipped to the gamut) */
export function oklchToLinear(oklch: string): Rgb {
  const m = /oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)/.exec(oklch);
  if (!m) throw new Error(`not an oklch colour: ${oklch}`);
  const [L, C, H] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const a = C * Math.cos((H * Math.PI) / 180);
  const b = C * Math.sin((H * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [clip(4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s), clip(-1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s), clip(-0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s)];
}

/** oklch(L C H) → sRGB 0-255 (gamma-encoded) */
export function oklchToRgb(oklch: string): Rgb {
  const [r, g, b] = oklchToLinear(oklch).map((c) => Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055)));
  return [r, g, b];
}

/** "rgb(1, 2, 3)", "rgba(1, 2, 3, 1)" or "1,2,3" → [1, 2, 3] */
export function parseRgb(text: string): Rgb {
  const [r, g, b] = (text.match(/[\d.]+/g) ?? []).map(Number);
  if ([r, g, b].some((v) => v === undefined || Number.isNaN(v))) throw new Error(`not an rgb colour: ${text}`);
  return [r, g, b];
}
