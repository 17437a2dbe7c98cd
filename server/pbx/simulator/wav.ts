/** A short WAV file (PCM 8 kHz, 16-bit, mono) with a tone: the simulator's call recordings. */

export function toneWav(seconds = 1, frequency = 440, sampleRate = 8000, amplitude = 0.3): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  const fade = Math.min(samples / 2, sampleRate / 50); // 20 ms ramps, no clicks
  for (let i = 0; i < samples; i++) {
    const ramp = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const v = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * amplitude * ramp * 32767);
    buf.writeInt16LE(v, 44 + i * 2);
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}

const seconds = new Map<number, Buffer>();

/**
 * A long WAV of a steady tone (voicemail messages: up to 90 s, many a day), built by repeating one
 * second of it: a whole number of periods per second at an integer frequency, so the joins are
 * seamless, and no per-sample work after the first second.
 */
export function longToneWav(secondsLong: number, frequency = 330, sampleRate = 8000, amplitude = 0.3): Uint8Array {
  const whole = Math.max(0, Math.round(secondsLong));
  const hz = Math.round(frequency);
  let second = seconds.get(hz);
  if (!second) {
    second = Buffer.alloc(sampleRate * 2);
    for (let i = 0; i < sampleRate; i++) second.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * amplitude * 32767), i * 2);
    seconds.set(hz, second);
  }
  const header = Buffer.from(toneWav(0, hz, sampleRate).subarray(0, 44));
  const dataBytes = whole * second.length;
  header.writeUInt32LE(36 + dataBytes, 4);
  header.writeUInt32LE(dataBytes, 40);
  const out = Buffer.concat([header, ...Array.from({ length: whole }, () => second)], 44 + dataBytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/**
 * The length (s) of a PCM WAV from its header (the `fmt ` byte rate and the `data` size); null when the
 * bytes are not a WAV this can read. Only the first chunks are needed: a prefix of the file will do.
 */
export function wavDurationSec(bytes: Uint8Array): number | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= buf.length; ) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 20 <= buf.length) byteRate = buf.readUInt32LE(at + 16);
    if (id === 'data') return byteRate > 0 ? size / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}
