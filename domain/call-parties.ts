import { INCOMING_GROUP_NAME } from './resources/destination-group';

/**
 * J-UX-01: the PBX's own names of a call's parties, as what a person reads. Asterisk names a trunk's
 * endpoint `{corpId}_trunk` and a phone's `{corpId}_{number}` (ARCHITECTURE "Real time"), dials `s`
 * (its start extension) for a call that came in on a line without a number, and our call classes
 * name incoming calls by the destination group 'Entrante' (C-ERS-07). None of these is shown as is.
 */
export type CallParty =
  | { kind: 'text'; value: string }
  | { kind: 'trunk' }
  | { kind: 'start' }
  | { kind: 'incoming' };

const TRUNK_ENDPOINT = /^(?:PJSIP\/|SIP\/)?\d+_trunk(?:-[0-9a-f]+)?$/i;
const PHONE_ENDPOINT = /^(?:PJSIP\/|SIP\/)?\d+_(\d+)(?:-[0-9a-f]+)?$/i;

/** What a party's value stands for: a plain text, the outside line, the start of a menu, the incoming class. */
export function callParty(value: string | null | undefined): CallParty {
  const text = (value ?? '').trim();
  if (TRUNK_ENDPOINT.test(text)) return { kind: 'trunk' };
  const phone = PHONE_ENDPOINT.exec(text);
  if (phone) return { kind: 'text', value: phone[1] };
  if (text === 's') return { kind: 'start' };
  if (text === INCOMING_GROUP_NAME) return { kind: 'incoming' };
  return { kind: 'text', value: text };
}
