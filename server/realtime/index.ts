export * from './types';
export * from './realtime-service';
export { attribute, channelCorp, channelEndpoint, deviceCorp, type Attribution } from './attribution';
export { foldQueueLog, parseQueueName } from './queues';
export { contactAddress } from './state';
