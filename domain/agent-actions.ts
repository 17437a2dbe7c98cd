/**
 * What a supervisor (or an agent on its own extension) does to an agent (issue 21, G-PAU, G-QLI,
 * G-AGS-03): the requests' shapes, shared by the REST routes, the hub methods and the screens' forms,
 * and the message keys of their refusals.
 */
import { z } from 'zod';
import { idParam } from './resources/fields';

const extensionNumber = z
  .union([z.string(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().trim().regex(/^\d{1,10}$/, 'validation.digits'));

/** one queue by id, or null / absent: every queue of the agent (pause) or of the corp (log-in) */
const queueChoice = z
  .union([idParam, z.null()])
  .optional()
  .transform((v) => v ?? null);

export const pauseInput = z.object({
  number: extensionNumber,
  queueId: queueChoice,
  /** a pause reason's code of the corp ('' only when the corp has none) */
  reason: z.string().trim().max(16, 'validation.invalid').default(''),
});
export type PauseInput = z.output<typeof pauseInput>;

export const unpauseInput = z.object({ number: extensionNumber, queueId: queueChoice });
export type UnpauseInput = z.output<typeof unpauseInput>;

export const queueLoginInput = z.object({ number: extensionNumber, queueId: queueChoice });
export type QueueLoginInput = z.output<typeof queueLoginInput>;

export const dndInput = z.object({ number: extensionNumber, on: z.boolean() });
export type DndInput = z.output<typeof dndInput>;

/** What an action changed: the queues it acted in (none for DND). */
export interface AgentActionResult {
  number: string;
  queues: number[];
}

/** The actions as the log monitor names them (G-PRM-02). */
export const AGENT_ACTIONS = ['pause', 'unpause', 'login', 'logout', 'dndOn', 'dndOff'] as const;
export type AgentActionName = (typeof AGENT_ACTIONS)[number];

/** Refusals of an action, by what went wrong: the API's message keys (translated in the locales). */
export const AGENT_ACTION_ERRORS = {
  unknownExtension: 'errors.agentUnknownExtension',
  unknownQueue: 'errors.agentUnknownQueue',
  notAMember: 'errors.agentNotAMember',
  alreadyMember: 'errors.agentAlreadyMember',
  noQueues: 'errors.agentNoQueues',
  reasonRequired: 'errors.agentReasonRequired',
  unknownReason: 'errors.agentUnknownReason',
  notYours: 'errors.agentNotYours',
} as const;
