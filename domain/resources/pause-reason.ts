import { z } from 'zod';
import { at } from '../navigation';
import { defineResource } from './define';
import { flag, intIn, text } from './fields';

/**
 * A corp's pause reasons (G-PAU-01): what an agent picks when it pauses. The code is what app_queue
 * keeps and queue_log writes (PAUSE data1), so it stays a short word of letters and digits; DND is the
 * reason do-not-disturb pauses with (server/live/agent-actions.ts), not one of these. The maximum
 * (minutes, none when empty) turns the wall's tile to the warning colour past it (G-PAU-05); a
 * productive pause (training, back office) is marked so for the supervisors who read the agent report.
 */
export const pauseReasonSchema = z.object({
  name: text(50),
  code: text(16, { pattern: /^(?!dnd$)[A-Za-z0-9_-]+$/i, message: 'validation.pauseCode' }),
  productive: flag.default(false),
  maxMinutes: z.preprocess((v) => (v === '' || v === undefined ? null : v), intIn(1, 1440).nullable()).default(null),
});

export interface PauseReasonRow {
  id: number;
  corpId: number;
  name: string;
  code: string;
  productive: boolean;
  maxMinutes: number | null;
}

export const pauseReasonResource = defineResource({
  name: 'pauseReason',
  path: 'pausereason',
  // queue configuration: who configures the queues configures why their agents pause
  view: 'queue',
  idField: 'id',
  corpScoped: true,
  schema: () => pauseReasonSchema,
  defaults: () => ({ name: '', code: '', productive: false, maxMinutes: '' }),
  columns: [{ key: 'name' }, { key: 'code' }, { key: 'productive', format: 'yesNo' }, { key: 'maxMinutes', format: 'number' }],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'code', kind: 'text' },
    { name: 'maxMinutes', kind: 'number' },
    { name: 'productive', kind: 'switch' },
  ],
  searchFields: ['name', 'code'],
  sort: { key: 'name' },
  nav: {
    key: 'pauseReason',
    route: 'configuration/pauseReason',
    openList: true,
    icon: 'pauseReason',
    titleKey: 'nav.pauseReason',
    menu: [at(1, 'workingCorp', 135), at(3, 'config', 135)],
    aliases: ['pauseReason'],
  },
});
