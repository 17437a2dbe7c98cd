export * from './config';
export * from './simulator';
export { Rng, mulberry32 } from './random';
export { Scheduler } from './scheduler';
export { toneWav } from './wav';
