import { z } from 'zod';
import type { ResourceDefinition } from '../../domain';

/** What a generic route adds to its `schema`: a response schema, or nothing. */
export interface RowResponse {
  response?: Record<number, z.ZodType>;
}

/** The response schemas of a resource's generic routes, by route. */
export interface RowResponses {
  list: RowResponse;
  read: RowResponse;
  create: RowResponse;
  update: RowResponse;
  action: RowResponse;
}

const NONE: RowResponses = { list: {}, read: {}, create: {}, update: {}, action: {} };

/**
 * J-API-01: the answers of a resource that declares its row (ResourceDefinition.rowSchema): the list
 * an array of rows, a read, an update and a row action one row, a create (201) the row and what only
 * the create carries (createExtra). A resource without one gets no response schema at all: its
 * routes keep Fastify's plain JSON answer (a response schema serialises through zod, which leaves out
 * the fields it does not name), byte for byte.
 */
export function rowResponses(definition: Pick<ResourceDefinition, 'rowSchema' | 'createExtra'>): RowResponses {
  const row = definition.rowSchema;
  if (!row) return NONE;
  return {
    list: { response: { 200: z.array(row) } },
    read: { response: { 200: row } },
    create: { response: { 201: definition.createExtra ? row.extend(definition.createExtra) : row } },
    update: { response: { 200: row } },
    action: { response: { 200: row } },
  };
}
