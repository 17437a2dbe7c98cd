export * from './types';
export * from './realtime-service';
export { attribute, channelCorp, channelEndpoint, deviceCorp, type Attribution } from './attribution';
export { nextMidnight } from './local-day';
export { foldQueueLog, parseQueueName } from './queues';
export { contactAddress } from './state';
