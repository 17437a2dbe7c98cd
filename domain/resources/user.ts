import { z } from 'zod';
import { LIMITS } from '../constants';
import { grantableLevels, LEVEL, LEVELS, type Level } from '../levels';
import { msg } from '../validation';
import { at } from '../navigation';
import { defineResource, type SchemaContext } from './define';
import { flag, optionalId } from './fields';

const nick = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .min(LIMITS.userNickMin, { error: msg('validation.lengthBetween', { min: LIMITS.userNickMin, max: LIMITS.userNickMax }) })
  .max(LIMITS.userNickMax, { error: msg('validation.lengthBetween', { min: LIMITS.userNickMin, max: LIMITS.userNickMax }) })
  // a login name: no spaces, so it can be typed on the login page as it was created
  .regex(/^[\p{L}\p{N}_.@-]+$/u, { error: 'validation.nick' });

/** A corp or role group chosen or not: 0, '' and null are none; otherwise an id. */
const idOrNone = z.preprocess((v) => (v === 0 || v === '0' ? null : v), optionalId);

/**
 * The web user form and body (C-USR-02..10). One schema for the dialog and the server:
 * - `pass` is required on create and, on edit, only when the 'new password' switch is on (C-USR-03);
 * - the level must be one the actor may grant (C-USR-10);
 * - the corp is required when the actor is level 1 or 2 and the chosen level is not 1 (C-USR-08);
 *   actors of level 3 always use their own corp (the server overrides corpId).
 */
export function userSchema(ctx: SchemaContext) {
  const allowed = grantableLevels(ctx.actor.level);
  return z
    .object({
      nick,
      name: z.string().trim().max(80, { error: msg('validation.maxLength', { max: 80 }) }).default(''),
      mail: z.union([z.literal(''), z.email({ error: 'validation.email' }).max(LIMITS.mailMax, { error: msg('validation.maxLength', { max: LIMITS.mailMax }) })]).default(''),
      level: z.coerce
        .number({ error: 'validation.required' })
        .refine((v) => (LEVELS as readonly number[]).includes(v), { error: 'validation.required' })
        .refine((v) => allowed.includes(v as Level), { error: 'validation.levelNotAllowed' }),
      enabled: flag.default(true),
      corpId: idOrNone,
      roleGroupId: idOrNone,
      newPassword: z.boolean().default(ctx.mode === 'create'),
      pass: z.string().default(''),
      passConfirm: z.string().default(''),
    })
    .superRefine((u, issue) => {
      const wantsPassword = ctx.mode === 'create' || u.newPassword;
      if (wantsPassword) {
        if (u.pass.length === 0) issue.addIssue({ code: 'custom', path: ['pass'], message: 'validation.required' });
        else if (u.pass.length < LIMITS.userPassMin)
          issue.addIssue({ code: 'custom', path: ['pass'], message: msg('validation.minLength', { min: LIMITS.userPassMin }) });
        if (u.passConfirm !== u.pass) issue.addIssue({ code: 'custom', path: ['passConfirm'], message: 'validation.passwordsDiffer' });
      }
      if (ctx.actor.level < LEVEL.administrator && u.level !== LEVEL.supervisor && !u.corpId) {
        issue.addIssue({ code: 'custom', path: ['corpId'], message: 'validation.required' });
      }
    });
}

export type UserInput = z.input<ReturnType<typeof userSchema>>;

/** A user row as the API returns it (never the password). */
export interface UserRow {
  id: number;
  nick: string;
  name: string;
  mail: string;
  level: Level;
  enabled: boolean;
  corpId: number | null;
  corpName: string | null;
  roleGroupId: number | null;
  roleGroupName: string | null;
}

export const userResource = defineResource({
  name: 'user',
  path: 'user',
  view: 'user',
  idField: 'id',
  corpScoped: true,
  nav: {
    key: 'user',
    route: 'configuration/user',
    icon: 'user',
    titleKey: 'nav.user',
    screen: 'userList',
    menu: [at(1, 'workingCorp', 40), at(1, 'config', 100, 'notParamsvoip'), at(3, 'config', 120)],
    aliases: ['user'],
  },
  schema: (ctx) => userSchema(ctx),
  defaults: (ctx) => ({
    nick: '',
    name: '',
    mail: '',
    level: LEVEL.user,
    enabled: true,
    corpId: ctx.actor.level === LEVEL.supervisor ? null : ctx.actor.corpId,
    roleGroupId: null,
    newPassword: ctx.mode === 'create',
    pass: '',
    passConfirm: '',
  }),
  columns: [{ key: 'nick' }, { key: 'name' }, { key: 'mail' }, { key: 'level', format: 'level' }, { key: 'corpName' }],
  fields: [
    { name: 'nick', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'mail', kind: 'email' },
    { name: 'level', kind: 'select', options: { kind: 'grantableLevels' } },
    {
      name: 'corpId',
      kind: 'select',
      options: { kind: 'resource', resource: 'corp', valueField: 'id', labelField: 'name' },
      // C-USR-09: levels 1 and 2 choose the corp; others use their own
      visibleWhen: (_v, ctx) => ctx.actor.level <= LEVEL.owner,
    },
    { name: 'roleGroupId', kind: 'select', options: { kind: 'resource', resource: 'roleGroup', valueField: 'roleGroupId', labelField: 'roleGroupName', missing: 'validation.roleGroupCorp' } },
    { name: 'enabled', kind: 'switch' },
    { name: 'newPassword', kind: 'switch', only: 'update' },
    { name: 'pass', kind: 'password', strength: 'password', visibleWhen: (v, ctx) => ctx.mode === 'create' || v.newPassword === true },
    { name: 'passConfirm', kind: 'password', visibleWhen: (v, ctx) => ctx.mode === 'create' || v.newPassword === true },
  ],
  searchFields: ['nick', 'name', 'mail', 'corpName'],
  narrowPageSize: 3,
});

