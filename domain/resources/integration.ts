import { z } from 'zod';
import { destinationSchema, type DestinationPicker } from '../destinations';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource, type StaticOption } from './define';
import { text } from './fields';
import { soundField } from './sound-fields';

/** C-INT-03: the systems an integration talks to. */
export const INTEGRATION_TYPES = ['ISP Integrador', 'IXC', 'SGP', 'Condominios'] as const;
export const INTEGRATION_TYPE_OPTIONS: StaticOption[] = INTEGRATION_TYPES.map((value, i) => ({ value, labelKey: `integrations.types.${i}` }));

/** C-INT-04: the outcomes go to hang up, an IVR, a queue, another integration or an extension. */
export const INTEGRATION_ACTIONS: DestinationPicker = { kinds: ['hangup', 'ivr', 'queue', 'integration', 'exten'] };

/** An IPv4 address (C-INT-07: 'the host must look like an IP address'). */
export const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Integrations (C-INT): name required (C-INT-05), one of four types, the host an IP address, the
 * user and password (more than 3 characters of the extension password's set, C-INT-06), three actions
 * for non-customers, customers with debt and customers without debt, and four sounds (opening,
 * document-number request, customer problems, closing). Multipart (C-INT-10).
 */
export const integrationSchema = z.object({
  name: text(50, { pattern: PATTERNS.wordSpace, message: 'validation.wordSpace' }),
  type: z.enum(INTEGRATION_TYPES, { error: 'validation.option' }),
  host: text(64, { pattern: IPV4, message: 'validation.ip' }),
  user: text(64, { pattern: /^[\p{L}\p{N}_.@-]*$/u, message: 'validation.nick' }, true),
  password: text(64, { pattern: PATTERNS.extPassword, message: 'validation.extPassword' }).refine((v) => v.length > 3, { error: 'validation.minLength|{"min":4}' }),
  option1: destinationSchema(INTEGRATION_ACTIONS),
  option2: destinationSchema(INTEGRATION_ACTIONS),
  option3: destinationSchema(INTEGRATION_ACTIONS),
});

export interface IntegrationRow extends z.output<typeof integrationSchema> {
  id: number;
  corpId: number;
  sound1: string;
  sound2: string;
  sound3: string;
  sound4: string;
}

export const integrationResource = defineResource({
  name: 'integration',
  path: 'integration',
  view: 'integration',
  idField: 'id',
  corpScoped: true,
  destination: { kind: 'integration', labelField: 'name', valueField: 'id' },
  // C-INT-10 'fetched by file name' names no path: the one of the IVRs
  fileFetchPath: 'integration/sounds',
  inUse: { status: 409, message: 'errors.inUseByIntegration' },
  schema: () => integrationSchema,
  defaults: () => ({ name: '', type: 'IXC', host: '', user: '', password: '', option1: 'hangup', option2: 'hangup', option3: 'hangup' }),
  // C-INT-01: name, type, host
  columns: [{ key: 'name' }, { key: 'type', options: INTEGRATION_TYPE_OPTIONS }, { key: 'host' }],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'type', kind: 'select', options: { kind: 'static', options: INTEGRATION_TYPE_OPTIONS } },
    { name: 'host', kind: 'text' },
    { name: 'user', kind: 'text' },
    { name: 'password', kind: 'password', strength: 'password' },
    { name: 'option1', kind: 'destination', destinations: INTEGRATION_ACTIONS },
    { name: 'option2', kind: 'destination', destinations: INTEGRATION_ACTIONS },
    { name: 'option3', kind: 'destination', destinations: INTEGRATION_ACTIONS },
    soundField('sound1'),
    soundField('sound2'),
    soundField('sound3'),
    soundField('sound4'),
  ],
  searchFields: ['name', 'host'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: {
    key: 'integration',
    route: 'configuration/integration',
    icon: 'integration',
    titleKey: 'nav.integration',
    // the spec's menus (A-MENU-03, A-MENU-08) do not list integrations; its users would not find the
    // screen otherwise: offered after the items the spec lists
    menu: [at(1, 'workingCorp', 120), at(3, 'config', 132)],
    aliases: ['integration'],
  },
});
