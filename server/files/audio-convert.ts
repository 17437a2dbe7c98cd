import { createRequire } from 'node:module';
import decodeAudio from 'audio-decode';
import { ASTERISK_WAV, AUDIO_MAX_BYTES, asteriskWavProblem } from '../../domain';

// wavefile and wave-resampler ship UMD bundles for Node: their named exports are reached through require
const require = createRequire(import.meta.url);
const { WaveFile } = require('wavefile') as typeof import('wavefile');
const { resample } = require('wave-resampler') as typeof import('wave-resampler');

export type AudioConversion = { ok: true; bytes: Uint8Array; converted: boolean } | { ok: false; problem: 'validation.audioUndecodable' | 'validation.audioSize' };

/**
 * Any sound a user has (a 44.1 kHz stereo WAV, an MP3, an Ogg Vorbis or Opus file, FLAC ...) as the
 * WAV Asterisk plays: PCM, 8 kHz, 16 bit, mono (C-QUE-18). A file already in that form is kept as it
 * is. Decoding is audio-decode's (wasm decoders of each format), resampling wave-resampler's (cubic
 * with a low-pass filter against aliasing), the container wavefile's: well-kept libraries, not our own
 * DSP. A file nothing decodes is refused; so is a result over 2 MB (about two minutes at 8 kHz).
 */
export async function toAsteriskWav(input: Uint8Array): Promise<AudioConversion> {
  if (asteriskWavProblem(input) === null) return { ok: true, bytes: input, converted: false };
  let decoded: { channelData: Float32Array[]; sampleRate: number };
  try {
    decoded = await decodeAudio(input);
  } catch {
    return { ok: false, problem: 'validation.audioUndecodable' };
  }
  const channels = decoded.channelData.filter((c) => c.length > 0);
  const length = channels[0]?.length ?? 0;
  if (length === 0 || !(decoded.sampleRate > 0)) return { ok: false, problem: 'validation.audioUndecodable' };
  // the output's size is known before resampling: refuse early rather than convert for nothing
  const outputBytes = 44 + Math.ceil((length * ASTERISK_WAV.sampleRate) / decoded.sampleRate) * (ASTERISK_WAV.bitsPerSample / 8);
  if (outputBytes > AUDIO_MAX_BYTES) return { ok: false, problem: 'validation.audioSize' };

  // down-mix to mono: the average of the channels
  const mono = new Float64Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) mono[i] += channel[i] / channels.length;
  const at8k = decoded.sampleRate === ASTERISK_WAV.sampleRate ? mono : resample(mono, decoded.sampleRate, ASTERISK_WAV.sampleRate, { method: 'cubic', LPF: true });
  const pcm = Int16Array.from(at8k, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
  const wav = new WaveFile();
  wav.fromScratch(1, ASTERISK_WAV.sampleRate, String(ASTERISK_WAV.bitsPerSample), pcm);
  const bytes = wav.toBuffer();
  // what we write must be what we promised Asterisk
  if (asteriskWavProblem(bytes) !== null) return { ok: false, problem: 'validation.audioUndecodable' };
  return { ok: true, bytes, converted: true };
}
