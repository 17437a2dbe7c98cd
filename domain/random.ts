/**
 * mulberry32, a small seeded generator: one home for the simulator's draws, the queue forecast's runs
 * (the same inputs give the same forecast, so a TV does not flicker) and the tests' property runs.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
