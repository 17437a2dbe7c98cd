export * from './validation';
export * from './levels';
export * from './constants';
export * from './status-codes';
export * from './permissions';
export * from './auth';
export * from './parameters';
export * from './resources';
