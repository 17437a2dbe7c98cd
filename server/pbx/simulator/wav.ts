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
