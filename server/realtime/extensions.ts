/**
 * The extensions' side of the live state: their registration (from device and endpoint states), the
 * browsers' view of them (the extension machine run over the call pushes, browser-mirror.ts), and after
 * every event the reconciliation: an extension whose channels changed has its state derived again
 * (extension-status.ts), and where a browser would now show something else, a DeviceStateChanged with
 * the derived status, call start and party goes out.
 */
import { EXT_STATUS, parseEndpointName, statusFromDeviceState, type ExtStatus } from '../../domain';
import { agrees, mirrorConnect, mirrorDevice, mirrorHangup, mirrorRing } from './browser-mirror';
import { applyDerived, deriveState } from './extension-status';
import type { Publisher } from './publisher';
import { isExtNumber, type CorpState, type LiveState } from './state';

/** the browsers may need two pushes: in use → (online) → ringing cannot be one step (B-PNL-22) */
const MAX_PUSHES = 2;

export class ExtensionTracker {
  /** DeviceStateChanged pushes sent */
  pushes = 0;

  constructor(
    private readonly state: LiveState,
    private readonly out: Publisher,
  ) {}

  /** a PJSIP device state (`PJSIP/{corpId}_{number}`): the phone is registered unless it is unavailable */
  onDevice(corp: CorpState, name: string, deviceState: string): void {
    const parsed = name.startsWith('PJSIP/') ? parseEndpointName(name) : null;
    if (!parsed || parsed.corpId !== corp.corpId || !isExtNumber(parsed.number, corp)) return;
    this.setRegistered(corp, parsed.number, statusFromDeviceState(deviceState) !== EXT_STATUS.offline);
  }

  /** an endpoint's state (`{corpId}_{number}`, online / offline / unknown) */
  onEndpoint(corp: CorpState, resource: string, endpointState: string): void {
    if (endpointState !== 'online' && endpointState !== 'offline') return;
    const parsed = parseEndpointName(resource);
    if (!parsed || parsed.corpId !== corp.corpId || !isExtNumber(parsed.number, corp)) return;
    this.setRegistered(corp, parsed.number, endpointState === 'online');
  }

  setRegistered(corp: CorpState, number: string, registered: boolean): void {
    this.state.registrations.set(`${corp.corpId}_${number}`, registered);
    const ext = corp.exts.get(number);
    if (!ext || ext.registered === registered) return;
    ext.registered = registered;
    corp.dirty.add(number);
  }

  // ---------------------------------------------------------------- what the browsers hold

  ring(corp: CorpState, number: string, role: 'caller' | 'receiver', peer: string, call: number, at: number): void {
    const ext = corp.exts.get(number);
    if (!ext) return;
    mirrorRing(ext.shown, role, peer, call, at);
    corp.dirty.add(number);
  }

  connect(corp: CorpState, number: string, peer: string, call: number, at: number): void {
    const ext = corp.exts.get(number);
    if (!ext) return;
    mirrorConnect(ext.shown, peer, call, at);
    corp.dirty.add(number);
  }

  hangup(corp: CorpState, number: string, call: number, at: number): void {
    const ext = corp.exts.get(number);
    if (!ext) return;
    mirrorHangup(ext.shown, call, at);
    corp.dirty.add(number);
  }

  // ---------------------------------------------------------------- reconciliation

  /** after an event: the extensions it touched are derived again and the browsers put right */
  reconcile(corp: CorpState, at: number): void {
    if (corp.dirty.size === 0) return;
    const numbers = [...corp.dirty];
    corp.dirty.clear();
    for (const number of numbers) {
      const ext = corp.exts.get(number);
      if (!ext) continue;
      const derived = deriveState(corp, ext, this.state.channelsOf(corp, number));
      applyDerived(ext, derived, at);
      for (let i = 0; i < MAX_PUSHES && !agrees(ext.shown, derived); i++) {
        // `listening` only where a listening leg is or was shown (G-SPY-05): the other pushes stay as they were
        const listening = derived.listening !== null || ext.shown.listening !== null ? { listening: derived.listening } : {};
        this.out.send(corp.corpId, 'DeviceStateChanged', { corpId: corp.corpId, number, status: derived.status, callStart: derived.callStart, peer: derived.peer, ...listening, ts: at });
        this.pushes++;
        mirrorDevice(ext.shown, derived, at);
      }
    }
  }

  /**
   * Every extension of the corp derived again for a snapshot the browsers are about to receive
   * (AllExtensions replaces what they hold). `before`: each one's status and its start, kept when the
   * status is the same; else a call's state starts with the call (after a restart: its answer time).
   */
  rebuild(corp: CorpState, at: number, before: ReadonlyMap<string, { status: ExtStatus; since: number }>): void {
    corp.dirty.clear();
    for (const ext of corp.exts.values()) {
      const derived = deriveState(corp, ext, this.state.channelsOf(corp, ext.number));
      applyDerived(ext, derived, at);
      const old = before.get(ext.number);
      ext.since = old && old.status === derived.status ? old.since : (derived.callStart ?? at);
      ext.shown = { status: derived.status, since: ext.since, callStart: derived.callStart, peer: derived.peer, callId: derived.call, listening: derived.listening };
    }
  }
}
