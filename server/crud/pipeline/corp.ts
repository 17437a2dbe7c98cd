import { eq } from 'drizzle-orm';
import { parseExtenIni, type SchemaContext } from '../../../domain';
import { idParam } from '../../../domain/resources/fields';
import type { Principal } from '../../context';
import type { Db } from '../../db/database';
import { corp, parameter } from '../../db/schema';
import { invalid } from '../../errors';
import { dataOf } from '../tenant';
import type { PipelineScope } from './scope';

/** The corp a row goes to before the schema runs (the schema may depend on it). */
export async function corpBeforeSchema(
  { binding, definition, lookup, parentBinding }: PipelineScope,
  db: Db,
  principal: Principal,
  raw: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Promise<number | null> {
  if (!definition.corpScoped) return null;
  if (existing) return binding.rowCorpId!(existing);
  if (definition.parent) {
    const parentId = idParam.safeParse(raw[definition.parent.field]);
    if (!parentId.success) throw invalid([{ path: definition.parent.field, message: 'validation.required' }]);
    const parentRow = await dataOf(db, principal, lookup).find(parentBinding!, parentId.data);
    if (!parentRow) throw invalid([{ path: definition.parent.field, message: 'validation.parentUnknown' }]);
    return parentBinding!.rowCorpId ? parentBinding!.rowCorpId(parentRow) : principal.corpId;
  }
  // create: the token's corp; level 1 picks one with the body's corpId or the working corp
  if (principal.level !== 1) return principal.corpId;
  const fromBody = idParam.safeParse(raw.corpId);
  return fromBody.success ? fromBody.data : principal.workingCorpId;
}

export async function corpExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: corp.id }).from(corp).where(eq(corp.id, id)).limit(1);
  return !!row;
}

/** What a schema may need of the corp (SchemaContext.corp), with the global exten-ini parameter. */
export async function corpLimits(db: Db, id: number): Promise<NonNullable<SchemaContext['corp']> | null> {
  const [row] = await db
    .select({ id: corp.id, extLen: corp.extLen, extMax: corp.extMax, maxContacts: corp.maxContacts })
    .from(corp)
    .where(eq(corp.id, id))
    .limit(1);
  if (!row) return null;
  const [ini] = await db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, 'exten-ini')).limit(1);
  return { ...row, extenIni: parseExtenIni(ini?.value) };
}
