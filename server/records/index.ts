export * from './db-record-sink';
