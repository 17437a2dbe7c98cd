/** Seeded randomness for the simulator: mulberry32 (domain/random) and the distributions a call centre needs. */
import { mulberry32 } from '../../../domain/random';

export { mulberry32 };

/**
 * A seed for one more independent stream of the same simulation (FNV-1a of the label, mixed with the
 * seed): a feature added later draws from its own stream, so turning it on never shifts the draws of
 * the others (the recorded call sequences stay the same).
 */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** uniform in [0, 1) */
  float(): number {
    return this.next();
  }

  /** uniform in [min, max) */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** an index drawn with the given (not necessarily normalised) weights */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((s, w) => s + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** exponential with the given mean */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** standard normal (Box-Muller, two uniforms per draw: keeps the stream simple to reason about) */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** log-normal with the given MEAN (not median) and shape sigma */
  lognormal(mean: number, sigma: number): number {
    const mu = Math.log(mean) - (sigma * sigma) / 2;
    return Math.exp(mu + sigma * this.normal());
  }
}
