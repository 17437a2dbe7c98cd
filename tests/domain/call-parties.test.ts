import { describe, expect, it } from 'vitest';
import { callParty } from '../../domain/call-parties';
import en from '../../locales/en.json';
import { partyText } from '../../src/ui/party-text';

const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('call parties as a person reads them (issue 24)', () => {
  it('J-UX-01 a trunk endpoint, Asterisk\'s start extension and the incoming class are words; a phone endpoint is its number', () => {
    expect(callParty('2_trunk')).toEqual({ kind: 'trunk' });
    expect(callParty('PJSIP/2_trunk-0000001a')).toEqual({ kind: 'trunk' });
    expect(callParty('2_201')).toEqual({ kind: 'text', value: '201' });
    expect(callParty('s')).toEqual({ kind: 'start' });
    expect(callParty('Entrante')).toEqual({ kind: 'incoming' });
    expect(callParty('5551234')).toEqual({ kind: 'text', value: '5551234' });
    expect(callParty(null)).toEqual({ kind: 'text', value: '' });
    expect(['2_trunk', 's', 'Entrante', '2_1001'].map((v) => partyText(t, v))).toEqual(['Outside line', 'Line (no number dialled)', 'Incoming', '1001']);
  });
});
