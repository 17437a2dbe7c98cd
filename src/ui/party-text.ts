import { callParty } from '../../domain/call-parties';

/**
 * J-UX-01: a call party as the screens show it (active calls, CDR): an endpoint's number, "Outside
 * line" for a trunk, words for Asterisk's start extension and for the incoming call class.
 */
export function partyText(t: (key: string) => string, value: string | null | undefined): string {
  const party = callParty(value);
  switch (party.kind) {
    case 'trunk':
      return t('calls.party.trunk');
    case 'start':
      return t('calls.party.start');
    case 'incoming':
      return t('calls.party.incoming');
    default:
      return party.value;
  }
}
