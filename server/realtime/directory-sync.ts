/**
 * The configuration (the directory: corps, their extensions with the names they are shown by, queues
 * with members and service level) laid over the live state: corps, extensions and queues come and go,
 * names and queue settings follow; calls and counters of what stays are kept.
 */
import type { Publisher } from './publisher';
import { newExtension } from './extension-status';
import type { LiveState } from './state';
import type { DirectoryCorp } from './types';

export function applyDirectory(state: LiveState, out: Publisher, list: readonly DirectoryCorp[], at: number): void {
  const wanted = new Set(list.map((c) => c.corpId));
  for (const corpId of [...state.corps.keys()]) {
    if (wanted.has(corpId)) continue;
    state.removeCorp(corpId);
    out.forget(corpId);
  }
  for (const cfg of list) {
    const corp = state.corps.get(cfg.corpId) ?? state.addCorp(cfg.corpId);
    const numbers = new Set(cfg.extensions.map((e) => e.number));
    for (const number of [...corp.exts.keys()]) {
      if (numbers.has(number)) continue;
      corp.exts.delete(number);
      // a deleted extension leaves the extension monitor too (issue 13: GetAllContacts kept listing it)
      if (corp.contacts.delete(number)) out.contactsChanged(corp.corpId);
    }
    for (const e of cfg.extensions) {
      const ext = corp.exts.get(e.number);
      if (ext) ext.userName = e.userName;
      else {
        const registered = state.registrations.get(`${cfg.corpId}_${e.number}`) ?? false;
        corp.exts.set(e.number, newExtension(cfg.corpId, e.number, e.userName, registered, at));
        // a phone with calls already (the directory caught up with the PBX): derived at the next event
        if (corp.extChannels.has(e.number)) corp.dirty.add(e.number);
      }
    }
    const queues = new Set(cfg.queues.map((q) => q.queueId));
    for (const [queueId, q] of [...corp.queues]) {
      if (queues.has(queueId)) continue;
      for (const callerId of q.callers.keys()) {
        const ch = corp.channels.get(callerId);
        if (ch) ch.queued = null;
      }
      corp.queues.delete(queueId);
    }
    for (const qc of cfg.queues) {
      const q = corp.queues.get(qc.queueId);
      const copy = { ...qc, members: [...qc.members] };
      if (q) q.cfg = copy;
      else corp.queues.set(qc.queueId, { cfg: copy, callers: new Map(), answered: 0, abandoned: 0, answeredWithinSl: 0 });
    }
  }
}
