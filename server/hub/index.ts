export * from './hub-types';
export * from './hub-server';
export * from './live-methods';
export * from './live-contract';
export * from './backplane';
export * from './redis-backplane';
export { RECORD_SEPARATOR } from './protocol';
