import { z } from 'zod';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource } from './define';
import { intIn, text } from './fields';

/**
 * SIP servers (C-SRV), the supervisor's: name letters, digits and spaces (C-SRV-03); address
 * required, an IP or a domain (the stricter check exists in the spec but is not applied, C-SRV-05:
 * we refuse only spaces and control characters, which no host name has); port 10 to below 100,000,000
 * (C-SRV-04). Sent as {id, Name, IP, Port} (C-SRV-06).
 */
export const sipServerSchema = z.object({
  name: text(50, { pattern: PATTERNS.letterDigitSpace, message: 'validation.letterDigitSpace' }),
  ip: text(255, { pattern: /^[^\s\p{Cc}]+$/u, message: 'validation.host' }),
  port: intIn(10, 99_999_999).default(5060),
});

export interface SipServerRow {
  id: number;
  name: string;
  ip: string;
  port: number;
}

export const sipServerResource = defineResource({
  name: 'server',
  path: 'server',
  view: 'server',
  idField: 'id',
  corpScoped: false,
  schema: () => sipServerSchema,
  defaults: () => ({ name: '', ip: '', port: 5060 }),
  columns: [{ key: 'name' }, { key: 'ip' }, { key: 'port', format: 'number' }],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'ip', kind: 'text' },
    { name: 'port', kind: 'number' },
  ],
  searchFields: ['name', 'ip'],
  narrowPageSize: 3,
  nav: { key: 'servers', route: 'configuration/server', icon: 'server', titleKey: 'nav.servers', menu: [at(1, 'config', 80, 'notParamsvoip')] },
});
