/**
 * Pure, DOM-free helpers of the live screens (unit-tested in node).
 */
import type { ActiveCall, LiveContact, LiveExtension } from '../../../domain/realtime';

// ---- Active calls (B-ACT-03) ----------------------------------------------------------------

export type DestinationType = 'outgoing' | 'incoming' | 'internal';

/** Profile 'saliente' is outgoing, 'entrante' incoming, anything else internal (spec 1 §2). */
export function destinationType(profile: string | null | undefined): DestinationType {
  if (profile === 'saliente') return 'outgoing';
  if (profile === 'entrante') return 'incoming';
  return 'internal';
}

/** The text the search covers: dialed, caller and destination (B-ACT-02). */
export function activeCallSearchText(call: ActiveCall): string {
  return `${call.dialed} ${call.caller} ${call.destination}`;
}

/** Elapsed time as h:mm:ss (or m:ss under an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---- Extension monitor (B-EXM-01, B-EXM-04) -------------------------------------------------

export type ContactStatus = 'online' | 'offline';

export interface ExtensionMonitorRow {
  number: string;
  ip: string;
  port: string;
  status: ContactStatus;
  userName: string;
}

const byNumber = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Contacts (AllContacts) joined with the extensions (AllExtensions) for the user name. A row without
 * an address is offline (B-EXM-04); an extension with several contacts gives one row per contact.
 */
export function contactRows(contacts: readonly LiveContact[], extensions: readonly LiveExtension[]): ExtensionMonitorRow[] {
  const names = new Map(extensions.map((e) => [e.number, e.userName]));
  return contacts
    .map((c): ExtensionMonitorRow => {
      const address = c.viaAddr?.trim() ?? '';
      const online = address !== '';
      return {
        number: c.number,
        ip: address,
        port: online && c.viaPort !== null ? String(c.viaPort) : '',
        status: online ? 'online' : 'offline',
        userName: names.get(c.number) ?? '',
      };
    })
    .sort((a, b) => byNumber(a.number, b.number) || a.ip.localeCompare(b.ip) || a.port.localeCompare(b.port));
}

export function contactRowKey(row: ExtensionMonitorRow): string {
  return `${row.number}@${row.ip}:${row.port}`;
}
