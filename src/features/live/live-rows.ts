/**
 * Pure, DOM-free helpers of the live screens (unit-tested in node).
 */
import type { ActiveCall, LiveContact, LiveExtension } from '../../../domain/realtime';
import { isOnline } from '../panel/panel-logic';

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

/**
 * How an active call's date and time read (B-ACT-07, J-TZ-01): on the corp's clocks (spec 1 read São
 * Paulo time for its corps), whatever the browser's zone.
 */
export function callTimeFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium', timeZone });
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
 * Contacts (AllContacts) joined with the corp's extensions (AllExtensions, kept current by
 * DeviceStateChanged). The online state has one source, the extension's live status that the panel
 * shows (B-PNL-16, the panel's isOnline): a row is online when its extension is and it has an address;
 * a row without an address is offline (B-EXM-04). (Issue 13: an unreachable phone keeps its last
 * address in AllContacts, so the monitor said Online where the panel said offline.) A contact of a
 * number that is no extension of the corp (one just deleted) is left out; an extension with several
 * contacts gives one row per contact.
 */
export function contactRows(contacts: readonly LiveContact[], extensions: readonly LiveExtension[]): ExtensionMonitorRow[] {
  const byExtension = new Map(extensions.map((e) => [e.number, e]));
  return contacts
    .flatMap((c): ExtensionMonitorRow[] => {
      const extension = byExtension.get(c.number);
      if (!extension) return [];
      const address = c.viaAddr?.trim() ?? '';
      const online = address !== '' && isOnline(extension.status);
      return [
        {
          number: c.number,
          ip: address,
          port: address !== '' && c.viaPort !== null ? String(c.viaPort) : '',
          status: online ? 'online' : 'offline',
          userName: extension.userName,
        },
      ];
    })
    .sort((a, b) => byNumber(a.number, b.number) || a.ip.localeCompare(b.ip) || a.port.localeCompare(b.port));
}

export function contactRowKey(row: ExtensionMonitorRow): string {
  return `${row.number}@${row.ip}:${row.port}`;
}
