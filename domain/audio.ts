/**
 * Audio files Asterisk plays (hold music, IVR prompts, media servers, polls ...): WAV, PCM, 8 kHz,
 * 16 bit, mono, at most 2 MB (C-QUE-18, F-AUD-08). Read from the RIFF header, never from the file
 * name. Pure: the server checks uploads with it and a client may too.
 */
export const ASTERISK_WAV = { sampleRate: 8000, channels: 1, bitsPerSample: 16 } as const;
export const AUDIO_MAX_BYTES = 2_000_000;
/** The largest upload taken before conversion (C-QUE-18: users upload what they have, e.g. CD-quality stereo). */
export const AUDIO_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** F-AUD-08: audio sizes are shown with unit 1024 */
export const AUDIO_SIZE_UNIT = 1024;

export interface WavFormat {
  /** 1 = PCM */
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** bytes of sample data */
  dataBytes: number;
  durationSec: number;
}

const text = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The format of a RIFF/WAVE file, or null when it is none (wrong magic, truncated, no fmt or data chunk). */
export function readWav(bytes: Uint8Array): WavFormat | null {
  if (bytes.length < 12 || text(bytes, 0, 4) !== 'RIFF' || text(bytes, 8, 4) !== 'WAVE') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let fmt: Omit<WavFormat, 'dataBytes' | 'durationSec'> | null = null;
  while (at + 8 <= bytes.length) {
    const id = text(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return null;
      fmt = { format: view.getUint16(body, true), channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bitsPerSample: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      if (!fmt) return null;
      // a data chunk that claims more than the file holds is truncated
      const dataBytes = Math.min(size, bytes.length - body);
      if (dataBytes < size) return null;
      const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bitsPerSample / 8);
      return { ...fmt, dataBytes, durationSec: bytesPerSecond > 0 ? dataBytes / bytesPerSecond : 0 };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** Why a file is no sound Asterisk plays as it is, or null when it is one (C-QUE-18). */
export function asteriskWavProblem(bytes: Uint8Array): 'validation.audioSize' | 'validation.audioFormat' | null {
  if (bytes.length > AUDIO_MAX_BYTES) return 'validation.audioSize';
  const wav = readWav(bytes);
  if (!wav || wav.format !== 1 || wav.sampleRate !== ASTERISK_WAV.sampleRate || wav.channels !== ASTERISK_WAV.channels || wav.bitsPerSample !== ASTERISK_WAV.bitsPerSample) {
    return 'validation.audioFormat';
  }
  return null;
}
