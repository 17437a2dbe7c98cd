import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import { describe, expect, it } from 'vitest';
import { asteriskWavProblem, readWav } from '../../../domain';
import { toAsteriskWav } from '../../../server/files/audio-convert';
import { parseRange } from '../../../server/files/file-store';

/** A 440 Hz tone, `seconds` long, in each channel. */
function tone(rate: number, seconds: number, channels: 1 | 2): Float32Array[] {
  const samples = Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return channels === 2 ? [samples, samples.slice()] : [samples];
}

/** A PCM WAV of the tone (16 bit). */
function wav(rate: number, seconds: number, channels: 1 | 2): Uint8Array {
  const data = tone(rate, seconds, channels);
  const frames = data[0].length;
  const bytes = new Uint8Array(44 + frames * channels * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => (bytes[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * channels * 2, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, frames * channels * 2, true);
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) view.setInt16(44 + (i * channels + c) * 2, Math.round(data[c][i] * 32767), true);
  return bytes;
}

async function encode(kind: 'mp3' | 'ogg', rate: number, seconds: number): Promise<Uint8Array> {
  const encoder = kind === 'mp3' ? await createMp3Encoder() : await createOggEncoder();
  encoder.configure({ channels: 2, sampleRate: rate, ...(kind === 'mp3' ? { bitrate: 128 } : { vbrQuality: 3 }) });
  const body = encoder.encode(tone(rate, seconds, 2));
  const head = new Uint8Array(body);
  const tail = encoder.finalize();
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** The loudness of the samples: a tone must survive the conversion, not turn into silence or noise. */
function rms(bytes: Uint8Array): number {
  const format = readWav(bytes)!;
  const view = new DataView(bytes.buffer, bytes.byteOffset + 44, format.dataBytes);
  let sum = 0;
  for (let i = 0; i < format.dataBytes / 2; i++) sum += (view.getInt16(i * 2, true) / 32768) ** 2;
  return Math.sqrt(sum / (format.dataBytes / 2));
}

describe('sounds Asterisk plays (C-QUE-18: the upload itself accepts any audio)', () => {
  it('C-QUE-18 F-AUD-08 an 8 kHz 16-bit mono PCM WAV is kept as it is', async () => {
    const input = wav(8000, 1, 1);
    const out = await toAsteriskWav(input);
    expect(out).toMatchObject({ ok: true, converted: false });
    expect(out.ok && out.bytes).toBe(input);
  });

  it.each([
    ['44.1 kHz stereo WAV', () => wav(44100, 2, 2)],
    ['48 kHz mono WAV', () => wav(48000, 2, 1)],
    ['16 kHz stereo WAV', () => wav(16000, 2, 2)],
    ['44.1 kHz stereo MP3', () => encode('mp3', 44100, 2)],
    ['48 kHz stereo Ogg Vorbis', () => encode('ogg', 48000, 2)],
  ])('C-QUE-18 a %s becomes an 8 kHz 16-bit mono WAV of the same length and loudness', async (_name, make) => {
    const out = await toAsteriskWav(await make());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.converted).toBe(true);
    expect(asteriskWavProblem(out.bytes)).toBeNull();
    expect(readWav(out.bytes)!.durationSec).toBeGreaterThan(1.9);
    expect(readWav(out.bytes)!.durationSec).toBeLessThan(2.2);
    // a 0.4 tone has an RMS of 0.28; the codecs and the low-pass filter keep most of it
    expect(rms(out.bytes)).toBeGreaterThan(0.2);
    expect(rms(out.bytes)).toBeLessThan(0.33);
  });

  it('C-QUE-18 what no decoder reads is refused: text, a fake header, random bytes, nothing', async () => {
    for (const bytes of [new TextEncoder().encode('not a sound'), new TextEncoder().encode('RIFF....WAVEfmt '), Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 251), new Uint8Array(0)]) {
      expect(await toAsteriskWav(bytes)).toEqual({ ok: false, problem: 'validation.audioUndecodable' });
    }
  });

  it('F-AUD-08 a sound longer than 2 MB at 8 kHz is refused before it is converted', async () => {
    expect(await toAsteriskWav(wav(11025, 130, 1))).toEqual({ ok: false, problem: 'validation.audioSize' });
  });
});

describe('HTTP ranges of stored files (F-AUD-05)', () => {
  it('reads first-last, open ends and suffixes; past the end is unsatisfiable; junk is no range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-1', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});
