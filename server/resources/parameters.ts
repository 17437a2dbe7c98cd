import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isSpecParameter, mailParametersSingleton, PUBLIC_PARAMS, systemParametersSingleton, type Parameter, type SingletonDefinition } from '../../domain';
import { bindSingleton, type SingletonBinding } from '../crud/singleton';
import type { Db } from '../db/database';
import { mailParameter, parameter } from '../db/schema';

type ParameterTable = typeof parameter | typeof mailParameter;
const parameterList = z.array(z.object({ key: z.string(), value: z.string() }));

/**
 * The platform's key/value parameters (C-SYS, C-MAIL), singletons of J-ONE-02: the whole list read and
 * saved at once. A save upserts every entry sent (entries with an empty key were dropped by the
 * schema, C-SYS-06) and deletes an entry the editor removed, unless the spec names its key (those
 * stay, with their value).
 */
function parameterBinding(definition: SingletonDefinition, table: ParameterTable): SingletonBinding<Parameter[], Parameter[]> {
  return bindSingleton<Parameter[], Parameter[]>({
    definition,
    table,
    read: ({ data }) => readParameters(data.db, table),
    async write(list, { db }) {
      const sent = list.map((p) => p.key);
      const stored = await db.select({ key: table.key }).from(table);
      const removed = stored.map((r) => r.key).filter((key) => !sent.includes(key) && !isSpecParameter(key));
      if (removed.length > 0) await db.delete(table).where(inArray(table.key, removed));
      if (list.length === 0) return;
      await db
        .insert(table)
        .values(list.map(({ key, value }) => ({ key, value })))
        .onConflictDoUpdate({ target: table.key, set: { value: sql`excluded.value` } });
    },
    response: parameterList,
  });
}

async function readParameters(db: Db, table: ParameterTable): Promise<Parameter[]> {
  return db.select({ key: table.key, value: table.value }).from(table).orderBy(table.key);
}

/** System parameters: the supervisor's; any other signed-in user reads the public ones the shell needs (A-MENU-06/08). */
export const systemParametersBinding: SingletonBinding<Parameter[], Parameter[]> = {
  ...parameterBinding(systemParametersSingleton, parameter),
  openly: (list) => list.filter((p) => (PUBLIC_PARAMS as readonly string[]).includes(p.key)),
};

export const mailParametersBinding = parameterBinding(mailParametersSingleton, mailParameter);
