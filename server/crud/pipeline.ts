import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, ResourceDefinition } from '../../domain';
import type { AppContext, Principal } from '../context';
import type { ActionResult, AnyBinding } from './binding';
import { act } from './pipeline/actions';
import { authorize } from './pipeline/authorize';
import { bulk, type BulkResult } from './pipeline/bulk';
import { refusals } from './pipeline/conflicts';
import { sendFile, sendNamedFile, type Uploads } from './pipeline/files';
import { list, read } from './pipeline/reading';
import { createScope } from './pipeline/scope';
import { create, remove, update, type UpdateOptions } from './pipeline/writes';
import type { BindingLookup, CorpData } from './tenant';

export type { BulkFailure, BulkResult } from './pipeline/bulk';
export type { Uploads } from './pipeline/files';
export type { UpdateOptions } from './pipeline/writes';

/**
 * The write pipeline of one resource (ARCHITECTURE "Resources: declared once"): authorisation,
 * tenant scoping, per-field write rights, validation with the definition's schema, references to
 * other resources and destinations checked within the row's corp, the binding's checks, one
 * transaction, conflict → status code. The generic router is a thin HTTP mapping of it; special
 * routes (row actions, bulk import, child resources) call it too, so none re-implements any step.
 *
 * Its parts live in server/crud/pipeline/, one reason to change each: scope (the checked binding and
 * shared helpers), authorize, reading, body (what a body says), corp, references, write-row (one row in
 * a transaction), writes (create, update, remove: commit, files, change events), conflicts, in-use,
 * files (uploads and stored files), actions (row actions) and bulk (imports).
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

/** The pipeline of one binding: its parts bound to the binding's scope (checked here, at start-up). */
export function createPipeline(ctx: AppContext, binding: AnyBinding, lookup: BindingLookup): Pipeline {
  const scope = createScope(ctx, binding, lookup);
  return {
    definition: scope.definition,
    binding,
    authorize: (principal, action, readId) => authorize(scope, principal, action, readId),
    data: scope.data,
    list: (principal, filter) => list(scope, principal, filter),
    read: (principal, id) => read(scope, principal, id),
    refusals: () => refusals(scope),
    create: (principal, body, uploads) => create(scope, principal, body, uploads),
    update: (principal, id, body, options) => update(scope, principal, id, body, options),
    sendFile: (principal, id, field, request, reply) => sendFile(scope, principal, id, field, request, reply),
    sendNamedFile: (principal, name, request, reply) => sendNamedFile(scope, principal, name, request, reply),
    remove: (principal, id) => remove(scope, principal, id),
    act: (principal, id, name) => act(scope, principal, id, name),
    bulk: (principal, rows, onProgress) => bulk(scope, principal, rows, onProgress),
  };
}
