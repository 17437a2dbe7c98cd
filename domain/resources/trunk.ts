import { z } from 'zod';
import { destinationSchema, type DestinationPicker } from '../destinations';
import { LEVEL } from '../levels';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource, type SchemaContext } from './define';
import { flag, optionalId, requiredId, text } from './fields';

/** Where a trunk's inbound calls go: the spec's action list without its section headings (C-TRK-11). */
export const TRUNK_ACTIONS: DestinationPicker = { kinds: ['hangup', 'ivr', 'queue', 'integration', 'exten', 'time'] };

const isSupervisor = (ctx: Pick<SchemaContext, 'actor'>) => ctx.actor.level === LEVEL.supervisor;

/**
 * The trunk form and body (C-TRK-03..12). Number digits only (C-TRK-09); the password is required when
 * registering and uses the extension password's characters (C-TRK-10); the action is a destination
 * (never a section heading, C-TRK-11). The toggles' clearing rules (C-TRK-06..08) hold here too, so a
 * body that says "no registration" never keeps an outbound authentication.
 */
export const trunkSchema = z
  .object({
    number: text(32, { pattern: PATTERNS.digits, message: 'validation.digits' }),
    // the supervisor's company choice (C-TRK-03); below level 1 the corp is the caller's
    corpId: optionalId,
    pass: text(64, { pattern: PATTERNS.extPassword, message: 'validation.extPassword' }, true),
    serverId: requiredId,
    outgoing: flag.default(true),
    enabled: flag.default(true),
    action: destinationSchema(TRUNK_ACTIONS),
    preference: flag.default(false),
    registerTrunk: flag.default(false),
    outboundAuthRegister: flag.default(false),
    outboundAuth: text(64, undefined, true),
    fromDomainRegister: flag.default(false),
    fromDomain: text(255, { pattern: /^[A-Za-z0-9.-]*$/, message: 'validation.host' }, true),
  })
  .superRefine((t, ctx) => {
    if (t.registerTrunk && t.pass === '') ctx.addIssue({ code: 'custom', path: ['pass'], message: 'validation.required' });
    if (t.fromDomainRegister && t.fromDomain === '') ctx.addIssue({ code: 'custom', path: ['fromDomain'], message: 'validation.required' });
  })
  .transform((t) => {
    // C-TRK-06..08 on the server as in the dialog
    const outboundAuthRegister = t.registerTrunk && t.outboundAuthRegister;
    return {
      ...t,
      outboundAuthRegister,
      outboundAuth: outboundAuthRegister ? t.outboundAuth || t.number : '',
      fromDomain: t.fromDomainRegister ? t.fromDomain : '',
    };
  });

export type TrunkBody = z.output<typeof trunkSchema>;

export interface TrunkRow extends TrunkBody {
  id: number;
  corpId: number;
  corpName: string;
  serverName: string;
}

export const trunkResource = defineResource({
  name: 'trunk',
  // F-ERR-19: a refused delete shows the mapped message and the server's text
  deleteFailure: { mapped: true, appendServerText: true },
  path: 'trunk',
  view: 'trunk',
  idField: 'id',
  corpScoped: true,
  // F-ERR-06: a destination a trunk sends calls to is 'in use by a trunk'
  inUse: { status: 520, message: 'errors.inUseByTrunk' },
  // C-TRK-04: below level 1 only the action changes; the number shows, locked
  limitedWrite: { fromLevel: LEVEL.owner, fields: ['action'], shown: ['number'] },
  schema: () => trunkSchema,
  defaults: () => ({
    number: '',
    pass: '',
    serverId: null,
    outgoing: true,
    enabled: true,
    action: 'hangup',
    preference: false,
    registerTrunk: false,
    outboundAuthRegister: false,
    outboundAuth: '',
    fromDomainRegister: false,
    fromDomain: '',
  }),
  // C-TRK-01 (level 1) and C-TRK-02 (others: number and action)
  columns: [
    { key: 'number' },
    { key: 'serverName', visibleWhen: isSupervisor },
    { key: 'corpName', visibleWhen: isSupervisor },
    { key: 'enabled', format: 'yesNo', visibleWhen: isSupervisor },
    { key: 'outgoing', format: 'yesNo', visibleWhen: isSupervisor },
    { key: 'registerTrunk', format: 'yesNo', visibleWhen: isSupervisor },
    { key: 'action', format: 'destination', visibleWhen: (ctx) => !isSupervisor(ctx) },
  ],
  fields: [
    { name: 'number', kind: 'text' },
    { name: 'corpId', kind: 'select', options: { kind: 'resource', resource: 'corp', valueField: 'id', labelField: 'name' } },
    { name: 'serverId', kind: 'select', options: { kind: 'resource', resource: 'server', valueField: 'id', labelField: 'name', missing: 'validation.serverUnknown' } },
    { name: 'action', kind: 'destination', destinations: TRUNK_ACTIONS },
    { name: 'outgoing', kind: 'switch' },
    { name: 'enabled', kind: 'switch' },
    { name: 'preference', kind: 'switch' },
    // C-TRK-06: registration off clears the outbound authentication
    { name: 'registerTrunk', kind: 'switch', onChange: (on) => (on ? {} : { outboundAuthRegister: false, outboundAuth: '' }) },
    { name: 'pass', kind: 'password', visibleWhen: (v) => v.registerTrunk === true },
    // C-TRK-07: on with an empty value fills it from the trunk number; off empties it
    {
      name: 'outboundAuthRegister',
      kind: 'switch',
      visibleWhen: (v) => v.registerTrunk === true,
      onChange: (on, v) => (on ? (v.outboundAuth ? {} : { outboundAuth: String(v.number ?? '') }) : { outboundAuth: '' }),
    },
    { name: 'outboundAuth', kind: 'text', visibleWhen: (v) => v.registerTrunk === true && v.outboundAuthRegister === true },
    // C-TRK-08: off empties the domain
    { name: 'fromDomainRegister', kind: 'switch', onChange: (on) => (on ? {} : { fromDomain: '' }) },
    { name: 'fromDomain', kind: 'text', visibleWhen: (v) => v.fromDomainRegister === true },
  ],
  searchFields: ['number', 'corpName', 'serverName'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: {
    key: 'trunk',
    route: 'configuration/trunk',
    icon: 'trunk',
    titleKey: 'nav.trunk',
    menu: [at(1, 'workingCorp', 30), at(1, 'config', 90, 'notParamsvoip'), at(3, 'config', 110)],
    aliases: ['trunk'],
  },
});
