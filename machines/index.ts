export * from './extension-machine';
export * from './extension-registry';
