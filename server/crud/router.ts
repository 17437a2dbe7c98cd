import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccess, parseExtenIni, uncapitaliseKeys, type Action, type SchemaContext } from '../../domain';
import { idParam } from '../../domain/resources/fields';
import { principalOf, resolvePrincipal } from '../auth/guard';
import { scopeCorpId, type Principal } from '../context';
import { databaseError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../db/database';
import { corp, parameter } from '../db/schema';
import { ApiFailure, forbidden, invalid, notFound, zodIssues } from '../errors';
import type { ResourceBinding, WriteOp } from './binding';

const idParams = z.object({ id: idParam });

/**
 * The generic resource router (ARCHITECTURE "Resources: declared once"): list, detail, create,
 * update (id in the body or the path, F-LIST-09) and delete for one binding. Permission, tenancy,
 * validation and conflict mapping happen here and nowhere else.
 */
export function mountResource<TRow extends object, TInput>(app: FastifyInstance, binding: ResourceBinding<TRow, TInput>): void {
  const { definition } = binding;
  const ctx = app.ctx;
  if (definition.corpScoped && !binding.corpColumn) throw new Error(`${definition.name}: corp-scoped binding without corpColumn`);
  const corpKey = binding.corpColumn ? columnKey(binding, binding.corpColumn) : null;
  const base = `/${definition.path}`;
  const tags = [definition.name];
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The route guard (onRequest, before the body is parsed): 401 without a valid token, 403 below
   * minLevel or without the view's action, except the binding's own read exception.
   */
  function authorise(action: Action, readOwn = false) {
    return async (request: FastifyRequest): Promise<void> => {
      const principal = await resolvePrincipal(ctx, request);
      request.principal = principal;
      const id = readOwn ? Number((request.params as { id?: string }).id) : NaN;
      if (readOwn && Number.isInteger(id) && binding.allowRead?.(principal, id)) return;
      if (definition.minLevel !== undefined && principal.level > definition.minLevel) throw forbidden();
      if (action !== 'read' && definition.writeMinLevel !== undefined && principal.level > definition.writeMinLevel) throw forbidden();
      if (!canAccess(principal, { view: definition.view, action })) throw forbidden();
    };
  }

  /** Tenancy, in one place: corp-scoped rows of other corps are invisible (404, never 403). */
  function scope(principal: Principal): SQL | undefined {
    if (!definition.corpScoped || !binding.corpColumn) return undefined;
    const corpId = scopeCorpId(principal);
    return corpId === null ? undefined : eq(binding.corpColumn, corpId);
  }

  /** what leaves the server: the binding's view of the row for this caller */
  const present = (principal: Principal) => (row: TRow): TRow => (binding.present ? binding.present(row, principal) : row);

  async function loadOne(principal: Principal, id: number): Promise<TRow> {
    const rows = await binding.load(ctx.db, and(eq(binding.idColumn, id), scope(principal)));
    if (rows.length === 0) throw notFound();
    return rows[0];
  }

  // The body is validated by the definition's schema inside the handler (it depends on the actor),
  // so the route's body schema only documents it in the OpenAPI document.
  const bodyPassThrough = { validatorCompiler: passBodyThrough };
  const docBody = documentedBody(binding);
  const docBodyWithId = z.intersection(z.object({ [definition.idField]: z.number().int().positive() }), docBody);

  r.get(base, { schema: { tags, summary: `List ${definition.name}` }, onRequest: authorise('read') }, async (request) => {
    const principal = principalOf(request);
    return (await binding.load(ctx.db, scope(principal))).map(present(principal));
  });

  r.get(`${base}/:id`, { schema: { tags, summary: `Read one ${definition.name}`, params: idParams }, onRequest: authorise('read', true) }, async (request) => {
    const principal = principalOf(request);
    if (binding.allowRead?.(principal, request.params.id)) {
      const rows = await binding.load(ctx.db, eq(binding.idColumn, request.params.id));
      if (rows.length === 0) throw notFound();
      return present(principal)(rows[0]);
    }
    return present(principal)(await loadOne(principal, request.params.id));
  });

  r.post(base, { schema: { tags, summary: `Create ${definition.name}`, body: docBody }, ...bodyPassThrough, onRequest: authorise('create') }, async (request, reply) => {
    const principal = principalOf(request);
    const extra: Record<string, unknown> = {};
    const row = await write(principal, request.body, null, extra);
    // what a hook hands out once (a kiosk screen's key), beside the row as the caller sees it
    return reply.code(201).send({ ...present(principal)(row), ...extra });
  });

  const update = async (principal: Principal, id: number, body: unknown) => {
    const existing = await loadOne(principal, id);
    await binding.guard?.(existing, { mode: 'update', principal, app: ctx });
    return present(principal)(await write(principal, body, { id, existing }));
  };

  r.put(base, { schema: { tags, summary: `Update ${definition.name} (id in the body)`, body: docBodyWithId }, ...bodyPassThrough, onRequest: authorise('update') }, async (request) => {
    const principal = principalOf(request);
    const raw = asRecord(uncapitaliseKeys(request.body));
    const id = idParam.safeParse(raw[definition.idField] ?? raw.id);
    if (!id.success) throw invalid([{ path: definition.idField, message: 'validation.required' }]);
    return update(principal, id.data, request.body);
  });

  r.put(`${base}/:id`, { schema: { tags, summary: `Update ${definition.name}`, params: idParams, body: docBody }, ...bodyPassThrough, onRequest: authorise('update') }, async (request) => {
    const principal = principalOf(request);
    return update(principal, request.params.id, request.body);
  });

  r.delete(`${base}/:id`, { schema: { tags, summary: `Delete ${definition.name}`, params: idParams }, onRequest: authorise('delete') }, async (request) => {
    const principal = principalOf(request);
    const existing = await loadOne(principal, request.params.id);
    const op = { mode: 'delete' as const, principal, app: ctx };
    await binding.guard?.(existing, op);
    await binding.beforeDelete?.(existing, op);
    try {
      await ctx.db.delete(binding.table).where(and(eq(binding.idColumn, request.params.id), scope(principal)));
    } catch (error) {
      // a reference no guard knew about still refuses the delete cleanly
      if (databaseError(error)?.code === FOREIGN_KEY_VIOLATION) throw new ApiFailure(409, 'errors.inUse');
      throw error;
    }
    binding.onChange?.(ctx, { mode: 'delete', id: request.params.id });
    return { status: 200 };
  });

  async function write(principal: Principal, body: unknown, target: { id: number; existing: TRow } | null, extra: Record<string, unknown> = {}): Promise<TRow> {
    const mode = target ? 'update' : 'create';
    const raw = asRecord(uncapitaliseKeys(body));
    const op: WriteOp<TRow> = { mode, principal, app: ctx, raw, existing: target?.existing ?? null, corpId: null, extra };

    // the corp the schema may depend on (extension ranges ...): known before parsing
    const preCorp = definition.corpScoped ? (target ? binding.rowCorpId!(target.existing) : defaultCorp(principal, raw)) : null;
    // below level 1 the corp comes from the token (or the row), never from the body;
    // level 1 creating without a corpId uses the working corp
    if (definition.corpScoped && (principal.level !== 1 || (!target && !raw.corpId && preCorp !== null))) raw.corpId = preCorp;
    const schemaCtx: SchemaContext = { mode, actor: { id: principal.userId, level: principal.level, corpId: principal.corpId } };
    const preCorpRow = preCorp !== null ? await corpLimits(preCorp) : null;
    if (preCorpRow) schemaCtx.corp = preCorpRow;
    const parsed = definition.schema(schemaCtx).safeParse(raw);
    if (!parsed.success) throw invalid(zodIssues(parsed.error));
    const input = parsed.data as TInput;

    if (definition.corpScoped) {
      const overridden = binding.targetCorp ? await binding.targetCorp(input, op) : undefined;
      const corpId = overridden !== undefined ? overridden : preCorp;
      if (corpId === null) throw invalid([{ path: 'corpId', message: 'validation.required' }]);
      const exists = corpId === preCorp ? preCorpRow !== null : (await corpLimits(corpId)) !== null;
      if (!exists) throw invalid([{ path: 'corpId', message: 'validation.corpUnknown' }]);
      op.corpId = corpId;
    }
    await binding.check?.(input, op);

    const values = await binding.toValues(input, op);
    if (corpKey && op.corpId !== null) values[corpKey] = op.corpId;
    let id: number;
    try {
      id = await ctx.db.transaction(async (tx) => {
        let written: number;
        if (target) {
          await tx
            .update(binding.table)
            .set(values)
            .where(and(eq(binding.idColumn, target.id), scope(principal)));
          written = target.id;
        } else {
          const inserted = await tx.insert(binding.table).values(values).returning({ id: binding.idColumn });
          written = Number(inserted[0].id);
        }
        await binding.afterWrite?.(tx, written, input, op);
        return written;
      });
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
    binding.onChange?.(ctx, { mode, id });
    const rows = await binding.load(ctx.db, eq(binding.idColumn, id));
    // deleted by someone else between the read and the write
    if (rows.length === 0) throw notFound();
    return rows[0];
  }

  /** Create: the token's corp; level 1 picks one with the body's corpId or the working corp. */
  function defaultCorp(principal: Principal, raw: Record<string, unknown>): number | null {
    if (principal.level !== 1) return principal.corpId;
    const fromBody = idParam.safeParse(raw.corpId);
    return fromBody.success ? fromBody.data : principal.workingCorpId;
  }

  /** what a schema may need of the corp (SchemaContext.corp), with the global exten-ini parameter */
  async function corpLimits(id: number): Promise<NonNullable<SchemaContext['corp']> | null> {
    const [row] = await ctx.db
      .select({ id: corp.id, extLen: corp.extLen, extMax: corp.extMax, maxContacts: corp.maxContacts })
      .from(corp)
      .where(eq(corp.id, id))
      .limit(1);
    if (!row) return null;
    const [ini] = await ctx.db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, 'exten-ini')).limit(1);
    return { ...row, extenIni: parseExtenIni(ini?.value) };
  }

  function conflictOf(error: unknown): ApiFailure | null {
    const db = databaseError(error);
    if (db?.code === FOREIGN_KEY_VIOLATION) return new ApiFailure(400, 'validation.invalid');
    if (!db || db.code !== UNIQUE_VIOLATION || !db.constraint) return null;
    const conflict = binding.conflicts?.[db.constraint];
    if (!conflict) return new ApiFailure(406, 'errors.duplicate');
    return new ApiFailure(conflict.status, conflict.message, conflict.path ? [{ path: conflict.path, message: conflict.message }] : undefined);
  }
}

function passBodyThrough<T>(route: Parameters<FastifySchemaCompiler<T>>[0]) {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function columnKey(binding: ResourceBinding<object, unknown>, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(binding.table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${binding.definition.name}: corpColumn is not a column of its table`);
  return entry[0];
}

/** The body as documented: the definition's schema for a supervisor creating (all fields shown). */
function documentedBody(binding: ResourceBinding<object, unknown>): z.ZodType {
  const docCtx: SchemaContext = { mode: 'create', actor: { id: 0, level: 1, corpId: 0 } };
  try {
    const schema = binding.definition.schema(docCtx);
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return schema;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

