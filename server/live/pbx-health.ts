/**
 * The PBX as the live state sees it, for the health route (LiveRuntime.pbxHealth): asked of whichever
 * instance leads, with a bound on the wait so /health answers when none does.
 */
import type { PbxState } from '../../domain';
import type { PbxKind } from '../config';
import type { LiveOps } from './live-ops';

export type PbxHealth = { state: PbxState | 'unknown'; since: number | null };

/** 'none' without a PBX; 'unknown' when no leader answered within `timeoutMs` (or it failed) */
export async function askPbxHealth(kind: PbxKind, ops: Pick<LiveOps, 'getPbxStatus'>, timeoutMs: number): Promise<PbxHealth> {
  if (kind === 'none') return { state: 'none', since: null };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    timer.unref();
  });
  try {
    const status = await Promise.race([Promise.resolve(ops.getPbxStatus()), late]);
    return status ?? { state: 'unknown', since: null };
  } catch {
    return { state: 'unknown', since: null };
  } finally {
    clearTimeout(timer);
  }
}
