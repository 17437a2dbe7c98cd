import { and, eq } from 'drizzle-orm';
import { c2cOutcomeStatus, EXT_STATUS } from '../../domain';
import type { Db } from '../db/database';
import { extension } from '../db/schema';
import { ApiFailure, notFound } from '../errors';
import { PbxError } from '../pbx';
import { pbxStatus, type LiveRuntime } from './live-runtime';

/** What an originate came to: the PBX rings `from`, or why not (with the failure the API answers). */
export type OriginateResult =
  | { outcome: 'calling'; channelId: string }
  | { outcome: 'notFound' | 'notRegistered' | 'busy' | 'pbxUnavailable' | 'failed'; failure: ApiFailure };

/**
 * Ring `from` (an enabled extension of `corpId`), then dial `to`: the one check-and-originate of the
 * panel's POST /originate and of click-to-call (form and CRM API). An extension of no one's, another
 * corp's or a disabled one: 404; a phone that is not registered cannot be rung: 409
 * errors.extensionNotRegistered (a clear 4xx, rather than letting the PBX fail with a 503); a phone
 * the PBX will not ring because it is on a call: 409 errors.extensionBusy; the PBX
 * unreachable (or no real-time side at all): 503 errors.pbxUnavailable.
 */
export async function originateFromExtension(db: Db, live: LiveRuntime | null, request: { corpId: number; from: string; to: string }): Promise<OriginateResult> {
  const { corpId, from, to } = request;
  const [ext] = await db
    .select({ id: extension.id })
    .from(extension)
    .where(and(eq(extension.corpId, corpId), eq(extension.number, from), eq(extension.enabled, true)))
    .limit(1);
  if (!ext) return { outcome: 'notFound', failure: notFound() };
  if (!live) return { outcome: 'pbxUnavailable', failure: new ApiFailure(c2cOutcomeStatus('pbxUnavailable'), 'errors.pbxUnavailable') };
  const known = await Promise.resolve(live.ops.getExtensions(corpId)).catch(() => null);
  if (known?.find((e) => e.number === from)?.status === EXT_STATUS.offline) return { outcome: 'notRegistered', failure: new ApiFailure(c2cOutcomeStatus('notRegistered'), 'errors.extensionNotRegistered') };
  try {
    const { channelId } = await live.ops.originate({ corpId, from, to });
    return { outcome: 'calling', channelId };
  } catch (error) {
    if (!(error instanceof PbxError)) throw error;
    const status = pbxStatus(error);
    if (status === 503) return { outcome: 'pbxUnavailable', failure: new ApiFailure(c2cOutcomeStatus('pbxUnavailable'), 'errors.pbxUnavailable') };
    if (status === 404) return { outcome: 'notFound', failure: new ApiFailure(c2cOutcomeStatus('notFound'), 'errors.notFound') };
    // the PBX refuses to ring a phone that is on a call (the simulator does; a caller retries later)
    if (status === 409) return { outcome: 'busy', failure: new ApiFailure(c2cOutcomeStatus('busy'), 'errors.extensionBusy') };
    return { outcome: 'failed', failure: new ApiFailure(status, 'errors.badRequest') };
  }
}
