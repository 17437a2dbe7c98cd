import { describe, expect, it } from 'vitest';
import {
  AUDIO_UPLOAD_MAX_BYTES,
  canAccess,
  dialerResource,
  dialerSchema,
  IVR_ACTIONS,
  INTEGRATION_ACTIONS,
  INTEGRATION_TYPES,
  integrationResource,
  ivrResource,
  mohCorpResource,
  mohQueueResource,
  nameOfFile,
  pollResource,
  QUEUE_FAILOVER_ACTIONS,
  queueResource,
  questionResource,
  resourceAccess,
  voicemailResource,
  destinationSchema,
  type CorpActions,
  type ResourceDefinition,
} from '../../domain';
import { hhmmText, inDialerWindow, parseHhmm } from '../../domain/dialer';
import type { Translate } from '../../src/app/messages';
import { resourceListQuery } from '../../src/api/resources';
import { destinationOptions } from '../../src/resources/destination-options';
import { cellText, durationText } from '../../src/resources/format';

const t: Translate = (k, o) => k + (o ? JSON.stringify(o) : '');
const keys = (d: { columns: readonly { key: string }[] }) => d.columns.map((c) => c.key);
const fields = (d: { fields: readonly { name: string }[] }) => d.fields.map((f) => f.name);
const fileFields = (d: ResourceDefinition) => d.fields.filter((f) => f.kind === 'file');

describe('the definitions of what callers hear', () => {
  it('C-IVR-01 C-IVR-03 C-IVR-10 IVR columns, the tooltip of the default option and options 1-9, the ten option fields', () => {
    expect(keys(ivrResource)).toEqual(['name', 'sound', 'soundIncorrect', 'optionCount']);
    expect(ivrResource.rowInfo?.fields.map((f) => f.field)).toEqual(['option0', 'option1', 'option2', 'option3', 'option4', 'option5', 'option6', 'option7', 'option8', 'option9']);
    expect(fields(ivrResource)).toEqual(['name', 'sound', 'soundIncorrect', 'option0', 'option1', 'option2', 'option3', 'option4', 'option5', 'option6', 'option7', 'option8', 'option9']);
    expect(IVR_ACTIONS.kinds).toEqual(['hangup', 'ivr', 'queue', 'integration', 'exten', 'time']);
  });

  it('C-IVR-05 C-DIA-18 create, update and delete buttons follow the per-view actions', () => {
    const actions = ['read', 'create', 'update', 'delete'] as const;
    for (const definition of [ivrResource, dialerResource] as ResourceDefinition[]) {
      const readOnly = { level: 3 as const, views: [{ name: definition.view, actions: ['read' as const] }] };
      expect(actions.map((a) => canAccess(readOnly, resourceAccess(definition, a)))).toEqual([true, false, false, false]);
      const everything = { level: 3 as const, views: [{ name: definition.view, actions: [...actions] }] };
      expect(actions.map((a) => canAccess(everything, resourceAccess(definition, a)))).toEqual([true, true, true, true]);
    }
  });

  it('C-IVR-08 C-INT-08 C-POL-04 C-POL-12 every sound field takes audio types only, with the size hint; the upload may be up to 25 MB before conversion', () => {
    for (const definition of [ivrResource, pollResource, questionResource, integrationResource, mohCorpResource, mohQueueResource] as ResourceDefinition[]) {
      for (const field of fileFields(definition)) {
        expect({ resource: definition.name, field: field.name, accept: field.accept, hint: field.hintKey, max: field.file?.maxBytes }).toEqual({
          resource: definition.name,
          field: field.name,
          accept: ['audio/*'],
          hint: 'audio.hint',
          max: AUDIO_UPLOAD_MAX_BYTES,
        });
      }
    }
    expect(fileFields(integrationResource as ResourceDefinition).map((f) => f.name)).toEqual(['sound1', 'sound2', 'sound3', 'sound4']);
  });

  it('C-IVR-09 C-QUE-12 C-INT-04 the action lists show their sections as disabled headings, never as values', () => {
    const actions: CorpActions = { hangup: {}, ivrs: { Menu: 1 }, queues: { Sales: 5 }, integrations: { CRM: 2 }, extens: { '201 Ana': '201' }, times: { Hours: 3 } };
    for (const picker of [IVR_ACTIONS, QUEUE_FAILOVER_ACTIONS, INTEGRATION_ACTIONS]) {
      const options = destinationOptions(actions, picker, 2, t);
      const headings = options.filter((o) => o.heading).map((o) => o.value);
      expect(headings.length).toBe(picker.kinds.length);
      const schema = destinationSchema(picker);
      for (const option of options) expect(schema.safeParse(option.value).success).toBe(!option.heading);
    }
    // integrations send to no time condition; IVRs and queue failovers may
    expect(destinationOptions(actions, INTEGRATION_ACTIONS, 2, t).some((o) => o.value.startsWith('time:'))).toBe(false);
    expect(destinationOptions(actions, IVR_ACTIONS, 2, t).some((o) => o.value === 'time:3')).toBe(true);
  });

  it('C-POL-01 C-POL-02 C-POL-13 the poll list and its questions, a child list of the poll with a back button', () => {
    expect(keys(pollResource)).toEqual(['name', 'description', 'sound']);
    expect(questionResource.parent).toMatchObject({ resource: 'poll', field: 'idPoll' });
    expect(keys(questionResource)).toEqual(['orderSequencial', 'name', 'sound']);
    expect(questionResource.fields.find((f) => f.name === 'orderSequencial')).toMatchObject({ uniqueAmongSiblings: true });
  });

  it('C-POL-16 a failed question list says QUESTION_LIST is not working', async () => {
    const en = (await import('../../locales/en.json')).default as unknown as Record<string, Record<string, string>>;
    expect(questionResource.listErrorKey).toBe('polls.questionListFailed');
    expect(en.polls.questionListFailed).toBe('QUESTION_LIST is not working');
  });

  it('C-MOH-02 C-MOH-03 C-MOH-04 hold music: a name and its sound, the form above the list, the moh/new and moh/update routes', () => {
    expect(keys(mohCorpResource)).toEqual(['name', 'sound']);
    expect(mohCorpResource.createInline).toBe(true);
    expect(mohCorpResource.nav?.formsRoute).toBe('configuration/moh');
    expect(nameOfFile('Smooth jazz (remaster).MP3')).toBe('Smooth jazz remaster');
    expect(nameOfFile('song.v2.wav')).toBe('song v2');
  });

  it('C-INT-01 C-INT-02 C-INT-03 the integration list, its dialog and the four types', () => {
    expect(keys(integrationResource)).toEqual(['name', 'type', 'host']);
    expect(fields(integrationResource)).toEqual(['name', 'type', 'host', 'user', 'password', 'option1', 'option2', 'option3', 'sound1', 'sound2', 'sound3', 'sound4']);
    expect([...INTEGRATION_TYPES]).toEqual(['ISP Integrador', 'IXC', 'SGP', 'Condominios']);
  });

  it('C-DIA-01 C-DIA-03 the campaign list and dialog; start and stop as row actions', () => {
    expect(keys(dialerResource)).toEqual(['status', 'name', 'trunkNumber', 'sound']);
    expect(fields(dialerResource)).toEqual(['name', 'action', 'trunkId', 'sound', 'queueId', 'callLimit', 'timeout', 'retries', 'horaDesde', 'horaHasta', 'days', 'csvFile', 'comments']);
    expect(dialerResource.rowActions?.map((a) => a.name)).toEqual(['start', 'stop']);
    const start = dialerResource.rowActions![0];
    expect(start.visibleWhen?.({ status: 'running' })).toBe(false);
    expect(start.visibleWhen?.({ status: 'stopped' })).toBe(true);
  });

  it('C-DIA-12 C-DIA-13 days Monday 0 to Sunday 6 as a sorted comma list; hours hhmm integers shown as hh:mm; the window', () => {
    const base = { name: 'C', action: 'msg', trunkId: 1, timeout: 30 };
    const out = dialerSchema.parse({ ...base, days: [4, '0', 2, 2], horaDesde: 930, horaHasta: '14:30' });
    expect(out).toMatchObject({ days: '0,2,4', horaDesde: 930, horaHasta: 1430 });
    expect(hhmmText(930)).toBe('09:30');
    expect(parseHhmm('7:05')).toBe(705);
    expect(parseHhmm('24:00')).toBeNull();
    const window = { days: '0,2,4', horaDesde: 930, horaHasta: 1430 };
    expect(inDialerWindow(window, 0, 930)).toBe(true);
    expect(inDialerWindow(window, 0, 1430)).toBe(false);
    expect(inDialerWindow(window, 1, 1000)).toBe(false);
  });

  it('C-VM-01 C-VM-03 C-VM-04 voicemail columns; minutes rounded up over 60 seconds; the date from epoch seconds', () => {
    expect(keys(voicemailResource)).toEqual(['origtime', 'callerid', 'destino', 'duration', 'listened', 'recording']);
    expect(durationText(42, t)).toBe('units.seconds{"count":42}');
    expect(durationText(60, t)).toBe('units.seconds{"count":60}');
    expect(durationText(61, t)).toBe('units.minutes{"count":2}');
    const at = 1_700_000_000;
    expect(cellText({ key: 'origtime', format: 'epochDate' }, { origtime: at }, t)).toBe(new Date(at * 1000).toLocaleString());
    expect(voicemailResource.readOnly).toBe(true);
  });

  it('C-QUE-16 an undefined or malformed list answer is an empty list, never a crash', () => {
    const select = resourceListQuery(queueResource as ResourceDefinition, 2).select as (rows: unknown) => unknown[];
    expect(select(undefined)).toEqual([]);
    expect(select({ status: 200 })).toEqual([]);
    expect(select([{ id: 1 }])).toEqual([{ id: 1 }]);
  });
});
