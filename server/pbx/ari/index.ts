export { AriAdapter, createAriAdapter, type AriAdapterOptions, type AriAdapterStats, type AriLogger } from './adapter';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
export { parseAriMessage, type AriMessage } from './messages';
export type { AriAuthMode } from './rest';
