import { LEVEL } from '../../domain/levels';
import { useSession } from './session';

/**
 * The corp the live screens (panel, active calls, log monitor, extension monitor) follow: the working
 * corp of a level 1 user, else the user's own. A level 1 user without a working corp has none (null):
 * the screens ask for one (LiveCorpGate) rather than show the system corp, or every corp mixed
 * (issue 13: the panel hung on "Loading…" and offered acme's extensions to globex's queues).
 */
export function useLiveCorp(): number | null {
  const { user, workingCorp } = useSession();
  if (!user) return null;
  if (user.level === LEVEL.supervisor) return workingCorp && workingCorp.id > 0 ? workingCorp.id : null;
  return user.corpId;
}
