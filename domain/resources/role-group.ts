import { z } from 'zod';
import { ACTIONS, LIVE_ACTIONS, normaliseGrants, normaliseLiveActions, VIEWS } from '../permissions';
import { msg } from '../validation';
import { at } from '../navigation';
import { defineResource } from './define';

export const viewGrantSchema = z.object({
  name: z.enum(VIEWS),
  actions: z.array(z.enum(ACTIONS)),
});

/** C-RG-04..06: name required (duplicates allowed, C-RG-05); read is visibility, the rest need it. */
export const roleGroupSchema = z.object({
  roleGroupName: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(50, { error: msg('validation.maxLength', { max: 50 }) }),
  views: z.array(viewGrantSchema).default([]).transform(normaliseGrants),
  // G-PRM-01: the actions on the floor the group grants
  liveActions: z.array(z.enum(LIVE_ACTIONS, { error: 'validation.option' })).default([]).transform(normaliseLiveActions),
});

export type RoleGroupInput = z.input<typeof roleGroupSchema>;
export interface RoleGroupRow {
  roleGroupId: number;
  roleGroupName: string;
  corpId: number;
  users: number;
  views: z.output<typeof viewGrantSchema>[];
  liveActions: (typeof LIVE_ACTIONS)[number][];
}

export const roleGroupResource = defineResource({
  name: 'roleGroup',
  path: 'rolegroup',
  view: 'roleGroup',
  idField: 'roleGroupId',
  corpScoped: true,
  nav: {
    key: 'rolegroup',
    route: 'configuration/rolegroup',
    icon: 'roleGroup',
    titleKey: 'nav.rolegroup',
    screen: 'roleGroupList',
    formScreen: 'roleGroupForm',
    updateParam: 'roleGroupId',
    menu: [at(3, 'config', 140)],
  },
  schema: () => roleGroupSchema,
  defaults: () => ({ roleGroupName: '', views: [], liveActions: [] }),
  columns: [{ key: 'roleGroupName' }, { key: 'users', format: 'number' }],
  fields: [
    { name: 'roleGroupName', kind: 'text', wide: true },
    { name: 'views', kind: 'custom', component: 'viewsGrid', wide: true },
    { name: 'liveActions', kind: 'custom', component: 'liveActions', wide: true },
  ],
  searchFields: ['roleGroupName'],
  dialogWidth: 1000,
});
