export * from './contract';
export * from './retry-policy';
export * from './hub-client';
export * from './hub-holder';
export * from './hub-provider';
