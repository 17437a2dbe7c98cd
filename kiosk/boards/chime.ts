/**
 * The optional chime (`?chime=1`) when a queue enters critical: two short tones from Web Audio (no
 * audio file to load). Browsers allow sound without a click only when autoplay is permitted (a kiosk
 * browser flag); when it is not, the tone is skipped quietly, the colour already tells.
 */
let context: AudioContext | null = null;

export function playChime(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.22, 660],
    ] as const) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      osc.connect(gain).connect(context.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.21);
    }
  } catch (error) {
    console.warn('kiosk chime not played', error);
  }
}
