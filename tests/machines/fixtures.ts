import { EXT_STATUS, type ExtStatus, type LiveExtension, type SpyMode } from '../../domain';
import type { ExtensionEvent } from '../../machines/extension-machine';

export const CORP = 7;
export const OTHER_CORP = 8;

export function ext(number: string, status: ExtStatus = EXT_STATUS.online, over: Partial<LiveExtension> = {}): LiveExtension {
  return { corpId: CORP, number, userName: `user ${number}`, status, since: 1_000, callStart: null, peer: null, ...over };
}

type Base = { corpId?: number; number?: string; at?: number };

export const ev = {
  snapshot: (extension: LiveExtension): ExtensionEvent => ({ type: 'SNAPSHOT', extension }),
  ringing: (o: Base & { role?: 'caller' | 'receiver'; callId?: string; peer?: string } = {}): ExtensionEvent => ({
    type: 'RINGING',
    corpId: o.corpId ?? CORP,
    number: o.number ?? '201',
    role: o.role ?? 'receiver',
    callId: o.callId ?? 'c1.0',
    peer: o.peer ?? '5551234',
    at: o.at ?? 10_000,
  }),
  connected: (o: Base & { callId?: string; peer?: string } = {}): ExtensionEvent => ({
    type: 'CALL_CONNECTED',
    corpId: o.corpId ?? CORP,
    number: o.number ?? '201',
    callId: o.callId ?? 'c1.1',
    peer: o.peer ?? '5551234',
    at: o.at ?? 12_000,
  }),
  device: (status: ExtStatus, o: Base & { callStart?: number | null; peer?: string | null; listening?: SpyMode | null } = {}): ExtensionEvent => ({
    type: 'DEVICE_STATE',
    corpId: o.corpId ?? CORP,
    number: o.number ?? '201',
    status,
    ...(o.callStart !== undefined ? { callStart: o.callStart } : {}),
    ...(o.peer !== undefined ? { peer: o.peer } : {}),
    ...(o.listening !== undefined ? { listening: o.listening } : {}),
    at: o.at ?? 20_000,
  }),
  hangup: (o: Base & { callId?: string; duration?: number } = {}): ExtensionEvent => ({
    type: 'HANGUP',
    corpId: o.corpId ?? CORP,
    number: o.number ?? '201',
    callId: o.callId ?? 'c1.2',
    caller: '5551234',
    receiver: o.number ?? '201',
    cause: 16,
    duration: o.duration ?? 18,
    at: o.at ?? 30_000,
  }),
};
