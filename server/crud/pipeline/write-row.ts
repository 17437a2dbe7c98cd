import { and, eq } from 'drizzle-orm';
import { uncapitaliseKeys, type SchemaContext } from '../../../domain';
import { idParam } from '../../../domain/resources/fields';
import type { Principal } from '../../context';
import type { Db } from '../../db/database';
import { invalid, zodIssues } from '../../errors';
import type { WriteOp } from '../binding';
import { CorpData, dataOf } from '../tenant';
import { asRecord, effectiveBody, limitedFields, omittedFields, withWireNames, type UpdateTarget } from './body';
import { corpBeforeSchema, corpExists, corpLimits } from './corp';
import { missingFiles, namesFromFiles, NO_UPLOADS, storeUploads, type FileChanges, type Uploads } from './files';
import { checkReferences } from './references';
import { propertyOf, type PipelineScope } from './scope';

/**
 * One row written in its own (sub)transaction of `db`: the effective body, the corp, the schema,
 * references, the binding's checks, the row and what lives beside it (afterWrite). Returns the row's id.
 * Neither commits nor tells anyone: writes.ts and bulk.ts do, once for a row or for an import.
 */
export async function writeRow(
  scope: PipelineScope,
  db: Db,
  principal: Principal,
  body: unknown,
  target: UpdateTarget | null,
  extra: Record<string, unknown>,
  uploads: Uploads = NO_UPLOADS,
  files: FileChanges = { written: [], replaced: [] },
): Promise<number> {
  const { ctx, binding, definition, lookup, fileFields } = scope;
  const mode = target ? 'update' : 'create';
  const sentBody = withWireNames(definition, asRecord(uncapitaliseKeys(body)));
  const sent = new Set(Object.keys(sentBody));
  const raw = effectiveBody(definition, principal, sentBody, target);
  // a file field's value is only ever a name this server gave: never taken from the body
  for (const field of fileFields) delete raw[field.name];
  namesFromFiles(fileFields, raw, uploads);
  const preCorp = await corpBeforeSchema(scope, db, principal, raw, target?.existing ?? null);
  // below level 1 the corp comes from the token (or the row or the parent), never from the body;
  // level 1 creating without a corpId uses the working corp
  if (definition.corpScoped && (principal.level !== 1 || definition.parent || (!target && !raw.corpId && preCorp !== null))) raw.corpId = preCorp;
  const schemaCtx: SchemaContext = {
    mode,
    actor: { id: principal.userId, level: principal.level, corpId: principal.corpId },
    strongSipPasswords: ctx.config.strongSipPasswords === true,
    ...(target ? { existing: target.existing } : {}),
  };
  if (definition.schemaNeedsCorp && preCorp !== null) {
    const limits = await corpLimits(db, preCorp);
    if (limits) schemaCtx.corp = limits;
  }
  const parsed = definition.schema(schemaCtx).safeParse(raw);
  // a missing file is reported with the other fields' problems
  const missing = mode === 'create' ? missingFiles(fileFields, raw, uploads) : [];
  if (!parsed.success || missing.length > 0) throw invalid([...(parsed.success ? [] : zodIssues(parsed.error)), ...missing]);
  const input = parsed.data;
  if (target && !target.partial && !limitedFields(definition, principal, target)) {
    const omitted = omittedFields(definition, sent, raw, input, schemaCtx, target.existing);
    if (omitted.length > 0) throw invalid(omitted);
  }

  return db.transaction(async (tx) => {
    const op: WriteOp<Record<string, unknown>> = {
      mode,
      principal,
      app: ctx,
      db: tx,
      data: new CorpData(tx, null, lookup),
      raw,
      existing: target?.existing ?? null,
      corpId: null,
      extra,
    };
    if (definition.corpScoped) {
      const overridden = binding.targetCorp ? await binding.targetCorp(input, op) : undefined;
      // a supervisor chooses the corp of a row whose form has the corp field (C-TRK-03, C-SIP-02)
      const chosen = principal.level === 1 && scope.pickedCorp ? idParam.safeParse(input.corpId) : null;
      const corpId = overridden !== undefined ? overridden : chosen?.success ? chosen.data : preCorp;
      if (corpId === null && !(definition.corpOptional && principal.level === 1)) throw invalid([{ path: 'corpId', message: 'validation.required' }]);
      // the principal's own corp and a row's corp exist; a corp a supervisor names is checked
      const known = corpId === null || corpId === principal.corpId || (target !== null && corpId === preCorp) || (await corpExists(tx, corpId));
      if (!known) throw invalid([{ path: 'corpId', message: 'validation.corpUnknown' }]);
      op.corpId = corpId;
      op.data = new CorpData(tx, corpId, lookup);
    }
    await checkReferences(scope, input, op);
    await binding.check?.(input, op);

    const values = await binding.toValues(input, op);
    const corpKey = binding.corpColumn ? propertyOf(binding, binding.corpColumn) : null;
    if (corpKey && definition.corpScoped) values[corpKey] = op.corpId;
    await storeUploads(scope, values, uploads, op, files, input);
    let written: number;
    if (target) {
      await tx
        .update(binding.table)
        .set(values)
        .where(and(eq(binding.idColumn, target.id), dataOf(tx, principal, lookup).where(binding.corpColumn)));
      written = target.id;
    } else {
      const inserted = await tx.insert(binding.table).values(values).returning({ id: binding.idColumn });
      written = Number(inserted[0].id);
    }
    await binding.afterWrite?.(tx, written, input, op, values);
    return written;
  });
}
