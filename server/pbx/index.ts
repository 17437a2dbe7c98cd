export * from './ari';
export * from './adapter';
export * from './records';
export * from './simulator';
export * from './ari/index';
