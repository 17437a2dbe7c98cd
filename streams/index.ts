export * from './active-calls';
export * from './call-history';
export * from './clock';
export * from './connection-health';
export * from './deep-equal';
export * from './extension-inputs';
export * from './hub-events';
export * from './queue-stats';
