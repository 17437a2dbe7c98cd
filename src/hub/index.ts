export * from './contract';
export * from './retry-policy';
export * from './hub-client';
export * from './hub-connection';
export * from './signalr-connection';
export * from './ws-hub-connection';
export * from './hub-holder';
export * from './hub-provider';
