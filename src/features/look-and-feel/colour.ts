/** DOM-free helpers between the API's RRGGBBAA colours and the native colour picker's #rrggbb. */

const HEX8 = /^[0-9a-fA-F]{8}$/;
const HEX6 = /^[0-9a-fA-F]{6}$/;

/** '#rrggbb' for <input type="color">; black when the value is not a colour yet. */
export function pickerValue(value: string): string {
  const hex = value.trim().replace(/^#/, '');
  if (HEX8.test(hex) || HEX6.test(hex)) return `#${hex.slice(0, 6).toLowerCase()}`;
  return '#000000';
}

/** The alpha pair of a colour ('FF' when none is given). */
export function alphaOf(value: string): string {
  const hex = value.trim().replace(/^#/, '');
  return HEX8.test(hex) ? hex.slice(6, 8).toUpperCase() : 'FF';
}

/** A picked #rrggbb with the alpha of the previous value kept (the API speaks RRGGBBAA). */
export function fromPicker(picked: string, previous: string): string {
  return picked.replace(/^#/, '').toUpperCase().slice(0, 6) + alphaOf(previous);
}

/** Alpha as a percentage, for the hint beside the picker. */
export function alphaPercent(value: string): number {
  return Math.round((parseInt(alphaOf(value), 16) / 255) * 100);
}
