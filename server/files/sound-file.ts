import type { FileSpec } from '../crud/binding';
import { invalid } from '../errors';
import { toAsteriskWav } from './audio-convert';

/**
 * The file field of every sound Asterisk plays (IVR prompts, hold music, media servers, polls,
 * integrations, campaigns): any audio a user uploads becomes an 8 kHz 16-bit mono WAV, or the field
 * says why not (C-QUE-18: 'the upload itself accepts any audio').
 */
export function soundFile(folder?: string): FileSpec {
  return {
    async accept(upload, field) {
      const converted = await toAsteriskWav(upload.bytes);
      if (!converted.ok) throw invalid([{ path: field, message: converted.problem }]);
      return { bytes: converted.bytes, ext: 'wav', folder };
    },
  };
}
