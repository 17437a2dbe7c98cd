import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { msg } from '../../domain';

/** The widest or tallest picture taken (a login image is 512 px; a bigger one is a mistake or a decompression bomb). */
export const IMAGE_MAX_SIDE = 4096;

const MIME_OF = { png: 'image/png', jpg: 'image/jpeg' } as const;
export type ImageMime = (typeof MIME_OF)[keyof typeof MIME_OF];

export type ImageCheck = { ok: true; mime: ImageMime; width: number; height: number } | { ok: false; problem: string };

/**
 * Reads an upload as the picture it claims to be, not by its first bytes: its type and dimensions
 * from its headers (image-size), then the whole picture decoded (pngjs with its checksums, jpeg-js
 * without its tolerance for cut-off data). A truncated file, a PNG signature followed by a web page,
 * a type the field does not take or a picture past IMAGE_MAX_SIDE is refused with the reason.
 */
export function checkImageBytes(bytes: Uint8Array, accept: readonly string[]): ImageCheck {
  let size: { type?: string; width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, problem: 'validation.imageBroken' };
  }
  const mime = size.type === 'png' || size.type === 'jpg' ? MIME_OF[size.type] : null;
  if (!mime || !accept.includes(mime)) return { ok: false, problem: 'validation.imageType' };
  const { width = 0, height = 0 } = size;
  if (width < 1 || height < 1) return { ok: false, problem: 'validation.imageBroken' };
  // before decoding: a small file may claim a huge picture
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return { ok: false, problem: msg('validation.imageDimensions', { max: IMAGE_MAX_SIDE }) };
  try {
    const decoded = mime === 'image/png' ? PNG.sync.read(Buffer.from(bytes)) : jpeg.decode(bytes, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: 17, maxMemoryUsageInMB: 128 });
    if (decoded.width !== width || decoded.height !== height) return { ok: false, problem: 'validation.imageBroken' };
  } catch {
    return { ok: false, problem: 'validation.imageBroken' };
  }
  return { ok: true, mime, width, height };
}
