import { describe, expect, it } from 'vitest';
import { checkImage, DEFAULT_COLOURS, IMAGE_MAX_BYTES, lookAndFeelSchema, normaliseColour, PRESETS, sniffImage } from '../../domain';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('look and feel', () => {
  it('C-LF-05 default colours are the spec values', () => {
    expect(DEFAULT_COLOURS).toEqual({
      menuIconColor: '00C6ABFF',
      menuFontColor: 'D3FBD8FF',
      hoverColor: 'DE141400',
      menuColor: '37474FFF',
      backgroundColor: 'F2F2F2FF',
      loginTextColor: '000000FF',
    });
    expect(lookAndFeelSchema.safeParse({ ...DEFAULT_COLOURS }).success).toBe(true);
  });

  it('C-LF-06 colours are 8-digit hex and FF alpha is appended to 7-character values', () => {
    expect(normaliseColour('#a1b2c3')).toBe('A1B2C3FF');
    expect(normaliseColour('a1b2c380')).toBe('A1B2C380');
    const parsed = lookAndFeelSchema.parse({ ...DEFAULT_COLOURS, menuColor: '#123456' });
    expect(parsed.menuColor).toBe('123456FF');
    for (const bad of ['#12345', '#1234567', 'GGGGGG', '#123456789']) {
      expect(lookAndFeelSchema.safeParse({ ...DEFAULT_COLOURS, menuColor: bad }).success).toBe(false);
    }
  });

  it('C-LF-04 five presets, each a valid set of six colours', () => {
    expect(Object.keys(PRESETS)).toEqual(['red', 'blue', 'yellow', 'green', 'violet']);
    for (const preset of Object.values(PRESETS)) expect(lookAndFeelSchema.safeParse(preset).success).toBe(true);
  });

  it('C-LF-07 C-LF-08 login images accept PNG and JPEG by content', () => {
    expect(sniffImage(png)).toBe('image/png');
    expect(sniffImage(jpeg)).toBe('image/jpeg');
    expect(checkImage('loginImage', png)).toBeNull();
    expect(checkImage('loginBottomImage', jpeg)).toBeNull();
    expect(checkImage('loginImage', new TextEncoder().encode('<svg></svg>'))).toBe('validation.imageType');
  });

  it('C-LF-09 the favicon accepts PNG only', () => {
    expect(checkImage('favIconImage', png)).toBeNull();
    expect(checkImage('favIconImage', jpeg)).toBe('validation.imageType');
  });

  it('C-LF-07 images over the size limit are refused', () => {
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(png);
    expect(checkImage('loginImage', big)).toBe('validation.imageSize');
    const edge = new Uint8Array(IMAGE_MAX_BYTES);
    edge.set(png);
    expect(checkImage('loginImage', edge)).toBeNull();
  });
});
