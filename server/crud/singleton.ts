import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { canAccess, singletonAccess, STATUS, type SchemaContext, type SingletonDefinition } from '../../domain';
import type { AppContext, Principal } from '../context';
import type { Db } from '../db/database';
import { ApiFailure, forbidden, invalid, zodIssues, type Issue } from '../errors';
import { CorpData, dataOf, type BindingLookup } from './tenant';

/** Where a singleton's value lives: one corp's (data bound to it) or the platform's (corpId null). */
export interface SingletonScope {
  app: AppContext;
  /** the tenant accessor of the value's corp: its rows are read and written through `data.own(column)` */
  data: CorpData;
  /** the value's corp; null for a platform singleton */
  corpId: number | null;
}

/** A save in progress: the scope inside the save's transaction, and who saves. */
export interface SingletonWrite extends SingletonScope {
  principal: Principal;
  /** the save's transaction (also `data.db`) */
  db: Db;
}

/** A save's body as the binding read it from the request (multipart with images ...), before the schema. */
export interface SingletonBody<TFiles = unknown> {
  /** what the definition's schema validates */
  body: unknown;
  /** problems found while reading (an image refused): reported with the schema's, in one 400 */
  issues?: Issue[];
  /** what the write takes beside the validated body (checked images) */
  files?: TFiles;
}

/**
 * The server half of a singleton: how its value is read and written. Authorisation, the scope (the
 * request's corp or the platform), validation, the transaction and the change event live in the
 * pipeline below, as for every resource.
 */
export interface SingletonBinding<TValue, TInput, TFiles = unknown> {
  definition: SingletonDefinition;
  /** the table holding its value, named in its change events (the live directory follows the tables it reads) */
  table: PgTable;
  /** the value of the scope (the defaults when nothing was saved) */
  read(scope: SingletonScope): Promise<TValue>;
  /** what a signed-in user without the view's read sees (definition.openRead); default all of it */
  openly?(value: TValue): TValue;
  /** refuses a save before its body is read (the corp may not customise: 403), with the scope's data */
  guard?(scope: SingletonWrite): Promise<void> | void;
  /** reads a save's body from the request (multipart, images); default the JSON body */
  readBody?(request: FastifyRequest): Promise<SingletonBody<TFiles>>;
  /** checks after the schema (the tariff's groups exist), inside the save's transaction; throws ApiFailure */
  check?(input: TInput, op: SingletonWrite): Promise<void> | void;
  /** stores the validated value (and the files readBody checked) in the save's transaction */
  write(input: TInput, op: SingletonWrite, files: TFiles | undefined): Promise<void>;
  /** the zod schema of the value as read, for the OpenAPI document (default: undocumented JSON) */
  response?: z.ZodType;
  /** the body as documented when it differs from the schema (images beside the colours) */
  documentedBody?: z.ZodType;
  /** the body types a save reads, when more than JSON (multipart with the images) */
  consumes?: readonly string[];
  /** a save's largest body in bytes (images), when larger than Fastify's default */
  bodyLimit?: number;
  /** the spec's statuses its guard and check refuse with beyond the common ones, for the document */
  refusals?: readonly number[];
}

/** Keeps a binding's value and input types while it is stored in the registry. */
export function bindSingleton<TValue, TInput, TFiles = unknown>(binding: SingletonBinding<TValue, TInput, TFiles>): SingletonBinding<TValue, TInput, TFiles> {
  return binding;
}

// the value and input types differ per singleton; the pipeline only passes them between a binding's own hooks
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous registry of bindings
export type AnySingletonBinding = SingletonBinding<any, any, any>;

/** The pipeline of one singleton: what its routes (and special routes beside them) call. */
export interface SingletonPipeline {
  readonly definition: SingletonDefinition;
  readonly binding: AnySingletonBinding;
  /** 403 unless the principal may read (openRead: any signed-in user) or update it */
  authorize(principal: Principal, action: 'read' | 'update'): void;
  /** the value of the principal's scope, as the principal may see it */
  read(principal: Principal): Promise<unknown>;
  /** the value of one corp, for what needs no principal (the public look and feel by corp url) */
  readOf(corpId: number): Promise<unknown>;
  /** the tenant accessor of one corp, for special routes reading the singleton's rows (the images) */
  dataOf(corpId: number): CorpData;
  /**
   * a save (PATCH: `partial`, the body's fields over the stored value); the body is read once the
   * binding's guard let the save through. Answers the value as saved.
   */
  save(principal: Principal, body: () => Promise<SingletonBody>, options?: { partial?: boolean }): Promise<unknown>;
}

export function createSingletonPipeline(ctx: AppContext, binding: AnySingletonBinding, lookup: BindingLookup): SingletonPipeline {
  const { definition } = binding;

  /** the corp of the principal's value: the request's corp, or the platform's (null) */
  function corpOf(principal: Principal): number | null {
    const { scope } = definition;
    if (scope.of === 'platform') return null;
    const corpId = dataOf(ctx.db, principal, lookup).corpId;
    if (corpId !== null) return corpId;
    // a supervisor without a working corp: their own corp's, or they choose one first
    if (scope.withoutWorkingCorp === 'home') return principal.corpId;
    throw new ApiFailure(STATUS.badRequest, 'errors.workingCorpRequired');
  }

  const scopeOf = (db: Db, corpId: number | null): SingletonScope => ({ app: ctx, data: new CorpData(db, corpId, lookup), corpId });
  const mayRead = (principal: Principal) => canAccess(principal, singletonAccess(definition, 'read'));
  /** the value as this principal sees it: whole for the view's readers, the open part for the others */
  const shown = (principal: Principal, value: unknown) => (mayRead(principal) || !binding.openly ? value : binding.openly(value));

  async function write(principal: Principal, corpId: number | null, request: SingletonBody, partial: boolean): Promise<void> {
    const schemaCtx: SchemaContext = { mode: 'update', actor: { id: principal.userId, level: principal.level, corpId: principal.corpId } };
    // PATCH: the fields sent over the stored value, so what it leaves out keeps its value (J-API-02)
    const body = partial ? { ...asRecord(await binding.read(scopeOf(ctx.db, corpId))), ...asRecord(request.body) } : request.body;
    const parsed = definition.schema(schemaCtx).safeParse(body);
    const issues = [...(parsed.success ? [] : zodIssues(parsed.error)), ...(request.issues ?? [])];
    if (!parsed.success || issues.length > 0) throw invalid(issues);
    await ctx.db.transaction(async (tx) => {
      const op: SingletonWrite = { ...scopeOf(tx, corpId), principal, db: tx };
      await binding.check?.(parsed.data, op);
      await binding.write(parsed.data, op, request.files);
    });
  }

  return {
    definition,
    binding,

    authorize(principal, action) {
      if (action === 'read' && definition.openRead) return;
      if (!canAccess(principal, singletonAccess(definition, action))) throw forbidden();
    },

    async read(principal) {
      return shown(principal, await binding.read(scopeOf(ctx.db, corpOf(principal))));
    },

    async readOf(corpId) {
      return binding.read(scopeOf(ctx.db, corpId));
    },

    dataOf(corpId) {
      return new CorpData(ctx.db, corpId, lookup);
    },

    async save(principal, body, options = {}) {
      const corpId = corpOf(principal);
      await binding.guard?.({ ...scopeOf(ctx.db, corpId), principal, db: ctx.db });
      await write(principal, corpId, await body(), options.partial === true);
      // the same change event as any resource's write: its id is the corp's (0 for the platform's value)
      ctx.configChanges.emit({ resource: definition.name, table: getTableName(binding.table), mode: 'update', id: corpId ?? 0 });
      return shown(principal, await binding.read(scopeOf(ctx.db, corpId)));
    },
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
