import { at } from '../navigation';
import { defineResource } from './define';
import { z } from 'zod';

/** Voicemail messages (C-VM-05): left by callers, read-only for the corp. */
export interface VoicemailRow {
  id: number;
  corpId: number;
  mailbox: string;
  /** epoch seconds (C-VM-04) */
  origtime: number;
  callerid: string;
  destino: string;
  /** seconds (C-VM-03) */
  duration: number;
  /** 0 new, 1 listened */
  flag: number;
  listened: boolean;
  recording: string;
}

export const voicemailResource = defineResource({
  name: 'voicemail',
  path: 'voicemail',
  view: 'voiceMail',
  idField: 'id',
  corpScoped: true,
  // C-VM-02: a read-only list of the user's corp
  readOnly: true,
  schema: () => z.object({}),
  defaults: () => ({}),
  // C-VM-01: date, origin, destination, duration, status, audio (playing it marks it listened, C-VM-06)
  columns: [
    { key: 'origtime', format: 'epochDate' },
    { key: 'callerid' },
    { key: 'destino' },
    { key: 'duration', format: 'duration' },
    { key: 'listened', format: 'yesNo' },
    { key: 'recording', format: 'file' },
  ],
  fields: [{ name: 'recording', kind: 'file', file: { maxBytes: 0 } }],
  // G-AST-02 'moves to Asterisk's Old folder and back': a listened message can be made new again (and
  // goes back to the phone's INBOX). Whoever may play a message (which marks it listened) may do it.
  rowActions: [{ name: 'markNew', permission: 'read', icon: 'voiceMail', visibleWhen: (row) => row.listened === true }],
  searchFields: ['callerid', 'destino'],
  sort: { key: 'origtime', direction: 'desc' },
  narrowPageSize: 3,
  nav: {
    key: 'voiceMail',
    route: 'configuration/voiceMail',
    icon: 'voiceMail',
    titleKey: 'nav.voiceMail',
    menu: [at(1, 'workingCorp', 80), at(3, 'config', 130), at(4, 'config', 10)],
    noForms: true,
  },
});
