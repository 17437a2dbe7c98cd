import { and, eq, getTableColumns, getTableName, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  canAccess,
  destinationValue,
  msg,
  nameOfFile,
  parseDestination,
  QUEUE_SPEED_ACTIONS,
  queueSpeedValue,
  parseExtenIni,
  resourceAccess,
  uncapitaliseKeys,
  writableFields,
  type Action,
  type FieldDef,
  type ResourceDefinition,
  type SchemaContext,
} from '../../domain';
import { idParam } from '../../domain/resources/fields';
import type { AppContext, Principal } from '../context';
import { databaseError, isReferenceViolation, UNIQUE_VIOLATION, type Db } from '../db/database';
import { corp, parameter } from '../db/schema';
import { ApiFailure, forbidden, invalid, notFound, zodIssues, type Issue } from '../errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionResult, AnyBinding, WriteOp } from './binding';
import type { Upload } from './multipart';
import { CorpData, dataOf, type BindingLookup } from './tenant';

/** One failed row of a bulk import (C-EXT-34): what identifies it and the spec's row code. */
export interface BulkFailure {
  content: string;
  statusCode: number;
  /** the first issue's message key, so a client can say why */
  message: string;
}

export type BulkResult = { created: number; failures: [] } | { created: 0; failures: BulkFailure[] };

/**
 * The write pipeline of one resource (ARCHITECTURE "Resources: declared once"): authorisation,
 * tenant scoping, per-field write rights, validation with the definition's schema, references to
 * other resources and destinations checked within the row's corp, the binding's checks, one
 * transaction, conflict → status code. The generic router is a thin HTTP mapping of it; special
 * routes (row actions, bulk import, child resources) call it too, so none re-implements any step.
 */
export interface Pipeline<TRow = Record<string, unknown>> {
  readonly definition: ResourceDefinition;
  readonly binding: AnyBinding;
  /** 403 unless the principal may do this action on the resource (view, view and resource ceilings) */
  authorize(principal: Principal, action: Action, readId?: number): void;
  /** the data the principal may read (tenant-scoped accessor) */
  data(principal: Principal): CorpData;
  list(principal: Principal, filter?: Record<string, unknown>): Promise<TRow[]>;
  read(principal: Principal, id: number): Promise<TRow>;
  create(principal: Principal, body: unknown, uploads?: Uploads): Promise<{ row: TRow; extra: Record<string, unknown> }>;
  /**
   * PUT (replace) or PATCH (`partial`: what the body leaves out keeps its stored value). A PUT that
   * leaves out a field whose stored value it would change is refused with 400 naming it (J-API-02).
   */
  update(principal: Principal, id: number, body: unknown, options?: UpdateOptions): Promise<TRow>;
  /** sends a row's stored file (a file field's), with HTTP Range; 404 without one */
  sendFile(principal: Principal, id: number, field: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** a file by the name the row holds (the spec's fetch paths): only a row the caller may read names it */
  sendNamedFile(principal: Principal, name: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  remove(principal: Principal, id: number): Promise<void>;
  act(principal: Principal, id: number, action: string): Promise<ActionResult<TRow>>;
  /**
   * The refusals its writes may give besides the common ones (the OpenAPI document, J-API-01): a
   * duplicate (406) or another conflict (409), its unique constraints' statuses, the spec's codes its
   * checks give, and what the rows still sending calls to it answer when it is a destination (520 ...).
   */
  refusals(): number[];
  /** all rows or none: every row is written in one transaction, which is rolled back if any row fails */
  bulk(principal: Principal, rows: readonly unknown[], onProgress?: (done: number, total: number) => void): Promise<BulkResult>;
}

export type Uploads = ReadonlyMap<string, Upload>;

export interface UpdateOptions {
  /** the fields this call may change whoever calls (the trunk action resource, C-TRK-13) */
  only?: readonly string[];
  uploads?: Uploads;
  /** PATCH: the body changes only the fields it names (J-API-02) */
  partial?: boolean;
}
/** A row being updated: its id, its stored values and how the body applies to them. */
interface UpdateTarget {
  id: number;
  existing: Record<string, unknown>;
  only?: readonly string[];
  partial?: boolean;
}
/** The files a write stored (removed again if it fails) and those it replaced (removed once it committed). */
interface FileChanges {
  written: { corp: number; name: string }[];
  replaced: { corp: number; name: string }[];
}
const NO_UPLOADS: Uploads = new Map();

/** Thrown inside a bulk transaction to roll it back once every row was tried. */
class BulkRollback extends Error {}

export function createPipeline(ctx: AppContext, binding: AnyBinding, lookup: BindingLookup): Pipeline {
  const { definition } = binding;
  if (definition.corpScoped && !binding.corpColumn) throw new Error(`${definition.name}: corp-scoped binding without corpColumn`);
  const parentBinding = definition.parent ? lookup(definition.parent.resource) : undefined;
  if (definition.parent && !parentBinding) throw new Error(`${definition.name}: parent ${definition.parent.resource} has no binding`);
  for (const action of definition.rowActions ?? []) {
    if (!binding.actions?.[action.name]) throw new Error(`${definition.name}: row action ${action.name} has no handler in its binding`);
  }

  const fileFields = definition.fields.filter((f) => f.kind === 'file');
  for (const field of fileFields) {
    if (!binding.files?.[field.name] || !binding.fieldColumns?.[field.name]) throw new Error(`${definition.name}: file field ${field.name} needs files.${field.name} and a column`);
  }
  /** the corp folder of a row's files (0: the platform's, for resources of no corp) */
  const fileCorp = (row: Record<string, unknown> | null, corpId: number | null) => corpId ?? (row && binding.rowCorpId ? binding.rowCorpId(row) : 0);

  /** the form has the corp chooser: a supervisor's choice places the row */
  const pickedCorp = definition.fields.some((f) => f.name === 'corpId');
  const present = (principal: Principal) => (row: Record<string, unknown>) => (binding.present ? binding.present(row, principal) : row);
  const data = (principal: Principal) => dataOf(ctx.db, principal, lookup);
  /** the SQL name of the resource's table, in its change events (the live directory follows the tables it reads) */
  const tableName = getTableName(binding.table);
  /** after a successful write: the binding's own reaction, then whatever follows the configuration as a whole */
  const changed = (change: { mode: 'create' | 'update' | 'delete'; id: number }) => {
    binding.onChange?.(ctx, change);
    ctx.configChanges.emit({ resource: definition.name, table: tableName, ...change });
  };

  function authorize(principal: Principal, action: Action, readId?: number): void {
    if (action === 'read' && readId !== undefined && binding.allowRead?.(principal, readId)) return;
    if (!canAccess(principal, resourceAccess(definition, action))) throw forbidden();
  }

  async function loadOne(principal: Principal, id: number): Promise<Record<string, unknown>> {
    const row = await data(principal).find(binding, id);
    if (!row) throw notFound();
    return row;
  }

  /** A column a row field reads (tableBinding's field map), for filters by field. */
  function columnOfField(field: string): PgColumn | undefined {
    const source = binding.fieldColumns?.[field];
    return source && 'name' in source && 'table' in source ? (source as PgColumn) : undefined;
  }

  async function list(principal: Principal, filter: Record<string, unknown> = {}) {
    const conditions: SQL[] = [];
    const parent = definition.parent;
    if (parent && filter[parent.field] !== undefined) {
      // a child list of one parent: the parent must be one the caller may read (404 like a missing one)
      const parentId = idParam.safeParse(filter[parent.field]);
      if (!parentId.success) throw invalid([{ path: parent.field, message: 'validation.invalid' }]);
      if (!(await data(principal).find(parentBinding!, parentId.data))) throw notFound();
      const column = columnOfField(parent.field);
      if (!column) throw new Error(`${definition.name}: the parent field is not a column of its field map`);
      conditions.push(eq(column, parentId.data));
    }
    const rows = await data(principal).list(binding, conditions.length ? and(...conditions) : undefined);
    return rows.map(present(principal));
  }

  async function read(principal: Principal, id: number) {
    if (binding.allowRead?.(principal, id)) {
      const rows = await binding.load(ctx.db, eq(binding.idColumn, id));
      if (rows.length === 0) throw notFound();
      return present(principal)(rows[0]);
    }
    return present(principal)(await loadOne(principal, id));
  }

  /**
   * What the body says once per-field write rights, locked fields and the parent are applied: a
   * limited level writes only its fields over the current row (C-EXT-07, C-TRK-04), a field locked
   * on update keeps its value (C-EXT-10, C-FOL-03, C-MS-02), a child stays with its parent.
   */
  function effectiveBody(principal: Principal, raw: Record<string, unknown>, target: UpdateTarget | null): Record<string, unknown> {
    if (!target) return raw;
    const { existing } = target;
    const writable = limitedFields(principal, target);
    // a PATCH starts from the stored representation (its fields only, not what a row shows beside them)
    const out = writable
      ? { ...existing, ...Object.fromEntries(writable.filter((f) => f in raw).map((f) => [f, raw[f]])) }
      : target.partial
        ? { ...representation(existing), ...raw }
        : { ...raw };
    for (const field of definition.fields) if (field.lockedOnUpdate && field.name in existing) out[field.name] = existing[field.name];
    if (definition.parent) out[definition.parent.field] = existing[definition.parent.field];
    return out;
  }

  /** The fields a caller may write on this row when only some are (per-field rights, the trunk action); null: all. */
  function limitedFields(principal: Principal, target: UpdateTarget): readonly string[] | null {
    return target.only ?? writableFields(definition, principal.level);
  }

  /** The stored values of the definition's fields: the row as a full PUT body would carry it. */
  function representation(row: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(definition.fields.filter((f) => f.name in row).map((f) => [f.name, row[f.name]]));
  }

  /**
   * J-API-02: a PUT replaces the row, so a field it leaves out would take its default. Each left-out
   * field whose stored value that would change is named (400), unless the pipeline keeps it anyway (a
   * locked field, the parent, the corp, a file) or an empty value keeps what is stored (a password).
   */
  function omittedFields(sent: ReadonlySet<string>, raw: Record<string, unknown>, parsed: Record<string, unknown>, schemaCtx: SchemaContext, existing: Record<string, unknown>): Issue[] {
    const candidates = definition.fields.filter(
      (f) => !sent.has(f.name) && !f.lockedOnUpdate && !f.keptWhenEmpty && f.kind !== 'file' && f.only !== 'create' && f.name !== 'corpId' && f.name !== definition.parent?.field,
    );
    if (candidates.length === 0) return [];
    const kept = definition.schema(schemaCtx).safeParse({ ...representation(existing), ...raw });
    // the stored row does not pass today's rules: the body's own problems are reported as usual
    if (!kept.success) return [];
    const stored = kept.data as Record<string, unknown>;
    return candidates.filter((f) => JSON.stringify(parsed[f.name] ?? null) !== JSON.stringify(stored[f.name] ?? null)).map((f) => ({ path: f.name, message: 'validation.omitted' }));
  }

  /** The corp a row goes to before the schema runs (the schema may depend on it). */
  async function corpBeforeSchema(db: Db, principal: Principal, raw: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<number | null> {
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

  async function corpExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: corp.id }).from(corp).where(eq(corp.id, id)).limit(1);
    return !!row;
  }

  /** What a schema may need of the corp (SchemaContext.corp), with the global exten-ini parameter. */
  async function corpLimits(db: Db, id: number): Promise<NonNullable<SchemaContext['corp']> | null> {
    const [row] = await db
      .select({ id: corp.id, extLen: corp.extLen, extMax: corp.extMax, maxContacts: corp.maxContacts })
      .from(corp)
      .where(eq(corp.id, id))
      .limit(1);
    if (!row) return null;
    const [ini] = await db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, 'exten-ini')).limit(1);
    return { ...row, extenIni: parseExtenIni(ini?.value) };
  }

  /**
   * References the definition declares, checked within the row's corp: a select of another
   * resource's rows (the user, trunk, role group, destination group chosen) and every destination.
   */
  async function checkReferences(input: Record<string, unknown>, op: WriteOp<Record<string, unknown>>): Promise<void> {
    const issues: Issue[] = [];
    for (const field of definition.fields) {
      const value = input[field.name];
      if (value === null || value === undefined || value === '' || value === 0) continue;
      if (field.itemDestinations && Array.isArray(value)) {
        for (const [index, item] of value.entries()) {
          const target = (item as Record<string, unknown>)[field.itemDestinations];
          const problem = typeof target === 'string' && target !== '' ? await destinationProblem(target, op) : null;
          if (problem) issues.push({ path: `${field.name}.${index}.${field.itemDestinations}`, message: problem });
        }
        continue;
      }
      const problem = field.kind === 'destination' ? await destinationProblem(String(value), op) : await referenceProblem(field, value, op);
      if (problem) issues.push({ path: field.name, message: problem });
    }
    if (issues.length > 0) throw invalid(issues);
  }

  async function referenceProblem(field: FieldDef, value: unknown, op: WriteOp<Record<string, unknown>>): Promise<string | null> {
    const source = field.options;
    // the corp of the row itself is settled by the corp rules above, not as a reference
    if (source?.kind !== 'resource' || source.resource === 'corp') return null;
    const target = lookup(source.resource);
    // a resource without a binding has no rows: nothing can be chosen from it
    if (!target) return source.missing ?? 'validation.refUnknown';
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      const id = idParam.safeParse(one);
      const row = id.success ? await op.data.find(target, id.data) : null;
      if (!row) return source.missing ?? 'validation.refUnknown';
      // a row the field never offers is no choice either (C-ERS-07: the 'Entrante' group)
      if (source.exclude?.values.some((v) => String(v) === String(row[source.exclude!.field]))) return 'validation.option';
    }
    return null;
  }

  /** A destination names a row of the row's corp: its IVR, queue, integration, extension or time condition. */
  async function destinationProblem(value: string, op: WriteOp<Record<string, unknown>>): Promise<string | null> {
    const parsed = parseDestination(value);
    if (!parsed) return 'validation.option';
    if (parsed.kind === 'hangup' || parsed.kind === 'fixed') return null;
    const missing = 'validation.destinationUnknown';
    if (parsed.kind === 'queueSpeed') {
      if (op.corpId !== null && parsed.corpId !== op.corpId) return missing;
      return (await op.data.find(providerOf('queue'), parsed.queueId)) ? null : missing;
    }
    const provider = providerOf(parsed.kind);
    if (!provider) return missing;
    if (parsed.kind === 'exten') {
      const column = provider.fieldColumns?.[provider.definition.destination!.valueField] as PgColumn | undefined;
      if (!column) return missing;
      return (await op.data.exists(provider, column, parsed.number)) ? null : missing;
    }
    return (await op.data.find(provider, parsed.id)) ? null : missing;
  }

  /**
   * A row that is a destination (a queue, an extension, a time condition ...) cannot go while a row of
   * its corp still sends calls to it: the referring resource's status answers (F-ERR-06..10).
   */
  async function refuseWhileNamed(row: Record<string, unknown>): Promise<void> {
    const declared = definition.destination;
    if (!declared || !binding.rowCorpId) return;
    const corpId = binding.rowCorpId(row);
    const key = row[declared.valueField] as string | number;
    const values = [destinationValue(declared.kind, key)];
    if (declared.kind === 'queue') values.push(...QUEUE_SPEED_ACTIONS.map((a) => queueSpeedValue(a, corpId, Number(key))));
    for (const other of lookup.all?.() ?? []) {
      for (const ref of other.destinationColumns ?? []) {
        const found = await ctx.db
          .select({ value: ref.column })
          .from(ref.column.table)
          .where(and(eq(ref.corpColumn, corpId), inArray(ref.column, values)))
          .limit(1);
        if (found.length > 0) throw new ApiFailure(other.definition.inUse?.status ?? 409, other.definition.inUse?.message ?? 'errors.inUse');
      }
    }
  }

  function providerOf(kind: string): AnyBinding {
    return lookup(`destination:${kind}`)!;
  }

  /**
   * One row written in its own (sub)transaction of `db`: the effective body, the corp, the schema,
   * references, the binding's checks, the row and what lives beside it. Returns the row's id.
   */
  async function writeRow(
    db: Db,
    principal: Principal,
    body: unknown,
    target: UpdateTarget | null,
    extra: Record<string, unknown>,
    uploads: Uploads = NO_UPLOADS,
    files: FileChanges = { written: [], replaced: [] },
  ): Promise<number> {
    const mode = target ? 'update' : 'create';
    const sentBody = withWireNames(asRecord(uncapitaliseKeys(body)));
    const sent = new Set(Object.keys(sentBody));
    const raw = effectiveBody(principal, sentBody, target);
    // a file field's value is only ever a name this server gave: never taken from the body
    for (const field of fileFields) delete raw[field.name];
    namesFromFiles(raw, uploads);
    const preCorp = await corpBeforeSchema(db, principal, raw, target?.existing ?? null);
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
    const missing = mode === 'create' ? missingFiles(raw, uploads) : [];
    if (!parsed.success || missing.length > 0) throw invalid([...(parsed.success ? [] : zodIssues(parsed.error)), ...missing]);
    const input = parsed.data;
    if (target && !target.partial && !limitedFields(principal, target)) {
      const omitted = omittedFields(sent, raw, input, schemaCtx, target.existing);
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
        const chosen = principal.level === 1 && pickedCorp ? idParam.safeParse(input.corpId) : null;
        const corpId = overridden !== undefined ? overridden : chosen?.success ? chosen.data : preCorp;
        if (corpId === null && !(definition.corpOptional && principal.level === 1)) throw invalid([{ path: 'corpId', message: 'validation.required' }]);
        // the principal's own corp and a row's corp exist; a corp a supervisor names is checked
        const known = corpId === null || corpId === principal.corpId || (target !== null && corpId === preCorp) || (await corpExists(tx, corpId));
        if (!known) throw invalid([{ path: 'corpId', message: 'validation.corpUnknown' }]);
        op.corpId = corpId;
        op.data = new CorpData(tx, corpId, lookup);
      }
      await checkReferences(input, op);
      await binding.check?.(input, op);

      const values = await binding.toValues(input, op);
      const corpKey = binding.corpColumn ? propertyOf(binding, binding.corpColumn) : null;
      if (corpKey && definition.corpScoped) values[corpKey] = op.corpId;
      await storeUploads(values, uploads, op, files, input);
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

  /**
   * The uploads of the file fields: each checked and converted by the binding, stored in the row's corp
   * folder, its name put in the row. A file a create needs and did not get is refused ('no audio',
   * C-IVR-07); an update without one keeps the current file.
   */
  async function storeUploads(values: Record<string, unknown>, uploads: Uploads, op: WriteOp<Record<string, unknown>>, files: FileChanges, input: Record<string, unknown>): Promise<void> {
    const issues: Issue[] = [];
    for (const field of fileFields) {
      const upload = uploads.get(field.name);
      // a missing one was reported before the schema's result was taken
      if (!upload) continue;
      const max = field.file?.maxBytes ?? Infinity;
      if (upload.bytes.length > max) {
        issues.push({ path: field.name, message: msg('validation.fileSize', { max: `${Math.round(max / 1024)} KB` }) });
        continue;
      }
      const stored = await binding.files![field.name].accept(upload, field.name, input);
      const corp = fileCorp(op.existing, op.corpId);
      const name = await ctx.files.save(corp, stored.bytes, stored.ext, stored.folder);
      files.written.push({ corp, name });
      const previous = op.existing?.[field.name];
      if (typeof previous === 'string' && previous !== '') files.replaced.push({ corp: fileCorp(op.existing, null), name: previous });
      values[propertyOf(binding, binding.fieldColumns![field.name] as PgColumn)] = name;
    }
    if (issues.length > 0) throw invalid(issues);
  }

  /** Removes stored files, after the fact: a failure here leaves an orphan file, never a broken row. */
  async function removeFiles(list: readonly { corp: number; name: string }[]): Promise<void> {
    await Promise.all(
      list.map(({ corp, name }) => ctx.files.remove(corp, name).catch((error: unknown) => ctx.log.warn({ err: error, corp, name }, 'a stored file could not be removed'))),
    );
  }

  /** The spec's wire names of fields read as ours (bodyAliases). */
  function withWireNames(raw: Record<string, unknown>): Record<string, unknown> {
    for (const [wire, field] of Object.entries(definition.bodyAliases ?? {})) {
      if (wire in raw && !(field in raw)) raw[field] = raw[wire];
      delete raw[wire];
    }
    return raw;
  }

  /** A name field left empty takes the uploaded file's name (C-MOH-02), as the form does. */
  function namesFromFiles(raw: Record<string, unknown>, uploads: Uploads): void {
    for (const field of fileFields) {
      const nameField = field.file?.nameField;
      const upload = uploads.get(field.name);
      if (nameField && upload && String(raw[nameField] ?? '').trim() === '') raw[nameField] = nameOfFile(upload.filename);
    }
  }

  /** The files a create needs and did not get ('no audio', C-IVR-07; a msg campaign's recording, C-DIA-06). */
  function missingFiles(raw: Record<string, unknown>, uploads: Uploads): Issue[] {
    return fileFields
      .filter((field) => !uploads.has(field.name) && (field.file?.requiredOnCreate || field.file?.requiredWhen?.(raw)))
      .map((field) => ({ path: field.name, message: field.file?.missingKey ?? 'validation.fileRequired' }));
  }

  /** A write committed on its own: conflicts mapped, the live state told, the row read again. */
  async function write(
    principal: Principal,
    body: unknown,
    target: UpdateTarget | null,
    extra: Record<string, unknown>,
    uploads: Uploads = NO_UPLOADS,
  ) {
    let id: number;
    const files: FileChanges = { written: [], replaced: [] };
    try {
      id = await writeRow(ctx.db, principal, body, target, extra, uploads, files);
    } catch (error) {
      // the row was not written: neither are its new files
      await removeFiles(files.written);
      throw conflictOf(error) ?? error;
    }
    await removeFiles(files.replaced);
    changed({ mode: target ? 'update' : 'create', id });
    const rows = await binding.load(ctx.db, eq(binding.idColumn, id));
    // deleted by someone else between the read and the write
    if (rows.length === 0) throw notFound();
    return rows[0] as Record<string, unknown>;
  }

  function conflictOf(error: unknown): ApiFailure | null {
    const db = databaseError(error);
    if (isReferenceViolation(error)) return new ApiFailure(400, 'validation.invalid');
    if (!db || db.code !== UNIQUE_VIOLATION || !db.constraint) return null;
    const conflict = binding.conflicts?.[db.constraint];
    if (!conflict) return new ApiFailure(406, 'errors.duplicate');
    return new ApiFailure(conflict.status, conflict.message, conflict.path ? [{ path: conflict.path, message: conflict.message }] : undefined, conflict.code);
  }

  return {
    definition,
    binding,
    authorize,
    data,
    list,
    read,

    refusals() {
      const inUse = definition.destination ? (lookup.all?.() ?? []).filter((b) => (b.destinationColumns ?? []).length > 0).map((b) => b.definition.inUse?.status ?? 409) : [];
      return [...new Set([406, 409, ...Object.values(binding.conflicts ?? {}).map((c) => c.status), ...(binding.refusals ?? []), ...inUse])];
    },

    async create(principal, body, uploads) {
      const extra: Record<string, unknown> = {};
      const row = await write(principal, body, null, extra, uploads);
      return { row: present(principal)(row), extra };
    },

    async update(principal, id, body, options = {}) {
      const existing = await loadOne(principal, id);
      await binding.guard?.(existing, { mode: 'update', principal, app: ctx, data: data(principal) });
      return present(principal)(await write(principal, body, { id, existing, only: options.only, partial: options.partial }, {}, options.uploads));
    },

    async sendFile(principal, id, field, request, reply) {
      if (!fileFields.some((f) => f.name === field)) throw notFound();
      const row = await loadOne(principal, id);
      const name = row[field];
      if (typeof name !== 'string' || name === '') throw notFound();
      // the hook runs before the bytes go out: run after reply.send it raced the client's next request
      return ctx.files.send(request, reply, fileCorp(row, null), name, `${definition.name}-${id}-${field}${name.slice(name.lastIndexOf('.'))}`, async () =>
        binding.fileSent?.(row, field, ctx),
      );
    },

    async sendNamedFile(principal, name, request, reply) {
      for (const field of fileFields) {
        const column = columnOfField(field.name);
        if (!column) continue;
        const [row] = await binding.load(ctx.db, and(eq(column, name), data(principal).where(binding.corpColumn)));
        if (row) return this.sendFile(principal, Number(row[definition.idField]), field.name, request, reply);
      }
      throw notFound();
    },

    async remove(principal, id) {
      const existing = await loadOne(principal, id);
      const op = { mode: 'delete' as const, principal, app: ctx, data: data(principal) };
      await binding.guard?.(existing, op);
      await binding.beforeDelete?.(existing, op);
      await refuseWhileNamed(existing);
      try {
        await ctx.db.delete(binding.table).where(and(eq(binding.idColumn, id), op.data.where(binding.corpColumn)));
      } catch (error) {
        // a reference no guard knew about still refuses the delete cleanly
        if (isReferenceViolation(error)) throw new ApiFailure(409, 'errors.inUse');
        throw error;
      }
      // the row is gone: so are its files
      await removeFiles(fileFields.flatMap((f) => (typeof existing[f.name] === 'string' && existing[f.name] !== '' ? [{ corp: fileCorp(existing, null), name: String(existing[f.name]) }] : [])));
      changed({ mode: 'delete', id });
    },

    async act(principal, id, name) {
      const action = definition.rowActions?.find((a) => a.name === name);
      const run = binding.actions?.[name];
      if (!action || !run) throw notFound();
      authorize(principal, action.permission);
      const existing = await loadOne(principal, id);
      const scope = data(principal);
      await binding.guard?.(existing, { mode: 'update', principal, app: ctx, data: scope });
      const result = await run(existing, {
        principal,
        app: ctx,
        data: scope,
        setValues: async (values) => {
          await ctx.db
            .update(binding.table)
            .set(values)
            .where(and(eq(binding.idColumn, id), scope.where(binding.corpColumn)));
          return loadOne(principal, id);
        },
      });
      changed({ mode: 'update', id });
      return { row: present(principal)(result.row), extra: result.extra };
    },

    async bulk(principal, rows, onProgress) {
      authorize(principal, 'create');
      const contentField = definition.bulk?.contentField;
      const failures: BulkFailure[] = [];
      try {
        await ctx.db.transaction(async (tx) => {
          for (const [index, row] of rows.entries()) {
            try {
              await writeRow(tx, principal, row, null, {});
            } catch (error) {
              const failure = error instanceof ApiFailure ? error : conflictOf(error);
              if (!failure) throw error;
              const content = contentField ? String(asRecord(uncapitaliseKeys(row))[contentField] ?? '') : String(index + 1);
              failures.push({ content, statusCode: binding.bulkCode ? binding.bulkCode(failure) : failure.status, message: failure.message });
            }
            onProgress?.(index + 1, rows.length);
          }
          // nothing of a failed import is kept: the good rows go back with the bad ones
          if (failures.length > 0) throw new BulkRollback();
        });
      } catch (error) {
        if (!(error instanceof BulkRollback)) throw error;
      }
      if (failures.length > 0) return { created: 0, failures };
      if (rows.length > 0) changed({ mode: 'create', id: 0 });
      return { created: rows.length, failures: [] };
    },
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

function propertyOf(binding: AnyBinding, column: PgColumn): string {
  for (const [key, value] of Object.entries(getTableColumns(binding.table))) if (value === column) return key;
  throw new Error(`${binding.definition.name}: a column is not a column of its table`);
}
