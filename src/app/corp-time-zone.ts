import { useQuery } from '@tanstack/react-query';
import { LEVEL } from '../../domain/levels';
import { corpResource } from '../../domain/resources/corp';
import type { ResourceDefinition } from '../../domain/resources/define';
import { runtimeTimeZone } from '../../domain/time-zone';
import { resourceDetailQuery } from '../api/resources';
import { useSession } from './session';

/**
 * The time zone of the corp the screens show (J-TZ-01): the user's own corp's (GET /myuser), or the
 * supervisor's working corp's (the corp resource, the query a form of that corp reads too). Its days
 * are what "today", the report forms' default period and the times of day-based data are, whatever
 * the browser's zone. While a working corp's zone loads, the user's own corp's stands in.
 */
export function useCorpTimeZone(): string {
  const { user, workingCorp } = useSession();
  const working = workingCorp && user?.level === LEVEL.supervisor ? workingCorp.id : null;
  const corp = useQuery({ ...resourceDetailQuery(corpResource as ResourceDefinition, working ?? 0, working), enabled: working !== null });
  const zone = working !== null ? corp.data?.timeZone : undefined;
  return typeof zone === 'string' && zone !== '' ? zone : (user?.timeZone ?? runtimeTimeZone());
}
