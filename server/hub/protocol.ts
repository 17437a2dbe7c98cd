/**
 * The SignalR JSON hub protocol (reference/protocols.md §1.4-1.6): record framing with the record
 * separator 0x1e, the message types, and strict parsing of what a client may send.
 */

export const RECORD_SEPARATOR = '\x1e';
const RS_CODE = 0x1e;

export const MESSAGE_TYPE = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
  ack: 8,
  sequence: 9,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
  headers?: Record<string, string>;
}
export interface StreamItemMessage {
  type: 2;
  invocationId: string;
  item: unknown;
}
export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}
export interface StreamInvocationMessage {
  type: 4;
  invocationId: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}
export interface CancelInvocationMessage {
  type: 5;
  invocationId: string;
}
export interface PingMessage {
  type: 6;
}
export interface CloseMessage {
  type: 7;
  error?: string;
  allowReconnect?: boolean;
}
export interface AckMessage {
  type: 8;
  sequenceId: number;
}
export interface SequenceMessage {
  type: 9;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export class ProtocolError extends Error {}

/** Serialises one record (JSON + separator). */
export function record(message: HubMessage | Record<string, unknown>): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** A push record: an Invocation without invocationId, its payload already JSON text (serialised once). */
export function pushRecordFromJson(target: string, payloadJson: string): string {
  return `{"type":1,"target":${JSON.stringify(target)},"arguments":[${payloadJson}]}${RECORD_SEPARATOR}`;
}

export const PING_RECORD = record({ type: MESSAGE_TYPE.ping });

/**
 * Splits incoming text into complete records. Text after the last separator is incomplete and is
 * returned as `rest` (to be prefixed to the next frame); a frame normally ends with the separator.
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const records: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === RS_CODE) {
      records.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return { records, rest: text.slice(start) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function checkFields(obj: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw new ProtocolError(`Unexpected field '${key}' in message of type ${String(obj.type)}.`);
  }
}

function isHeaders(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** Parses the handshake record; throws ProtocolError when it is not one. */
export function parseHandshake(text: string): HandshakeRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('The handshake is not valid JSON.');
  }
  if (!isObject(value) || typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    throw new ProtocolError('The first message must be a handshake request {"protocol":"json","version":1}.');
  }
  return { protocol: value.protocol, version: value.version };
}

/** Parses one record sent by a client; throws ProtocolError on anything the spec calls a protocol error. */
export function parseMessage(text: string): HubMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (!isObject(value)) throw new ProtocolError('Message is not a JSON object.');
  const { type } = value;
  if (typeof type !== 'number') throw new ProtocolError("Message has no numeric 'type'.");
  const headersOk = value.headers === undefined || isHeaders(value.headers);
  if (!headersOk) throw new ProtocolError("Message 'headers' must map strings to strings.");
  switch (type) {
    case MESSAGE_TYPE.invocation:
    case MESSAGE_TYPE.streamInvocation: {
      checkFields(value, ['type', 'invocationId', 'target', 'arguments', 'streamIds', 'headers']);
      if (typeof value.target !== 'string' || value.target === '') throw new ProtocolError("Invocation has no 'target'.");
      if (!Array.isArray(value.arguments)) throw new ProtocolError("Invocation has no 'arguments' array.");
      if (value.invocationId !== undefined && typeof value.invocationId !== 'string') throw new ProtocolError("'invocationId' must be a string.");
      if (value.streamIds !== undefined && !isStringArray(value.streamIds)) throw new ProtocolError("'streamIds' must be an array of strings.");
      if (type === MESSAGE_TYPE.streamInvocation && typeof value.invocationId !== 'string') {
        throw new ProtocolError("StreamInvocation requires an 'invocationId'.");
      }
      return value as unknown as InvocationMessage | StreamInvocationMessage;
    }
    case MESSAGE_TYPE.streamItem:
      checkFields(value, ['type', 'invocationId', 'item', 'headers']);
      if (typeof value.invocationId !== 'string') throw new ProtocolError("StreamItem requires an 'invocationId'.");
      return value as unknown as StreamItemMessage;
    case MESSAGE_TYPE.completion:
      checkFields(value, ['type', 'invocationId', 'result', 'error', 'headers']);
      if (typeof value.invocationId !== 'string') throw new ProtocolError("Completion requires an 'invocationId'.");
      if ('result' in value && 'error' in value) throw new ProtocolError("Completion has both 'result' and 'error'.");
      return value as unknown as CompletionMessage;
    case MESSAGE_TYPE.cancelInvocation:
      checkFields(value, ['type', 'invocationId', 'headers']);
      if (typeof value.invocationId !== 'string') throw new ProtocolError("CancelInvocation requires an 'invocationId'.");
      return value as unknown as CancelInvocationMessage;
    case MESSAGE_TYPE.ping:
      checkFields(value, ['type', 'headers']);
      return { type: MESSAGE_TYPE.ping };
    case MESSAGE_TYPE.close:
      checkFields(value, ['type', 'error', 'allowReconnect', 'headers']);
      return value as unknown as CloseMessage;
    case MESSAGE_TYPE.ack:
    case MESSAGE_TYPE.sequence:
      checkFields(value, ['type', 'sequenceId', 'headers']);
      if (typeof value.sequenceId !== 'number') throw new ProtocolError("'sequenceId' must be a number.");
      return value as unknown as AckMessage | SequenceMessage;
    default:
      throw new ProtocolError(`Unknown message type ${type}.`);
  }
}
