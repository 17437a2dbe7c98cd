import { sql } from 'drizzle-orm';
import { abandonDistribution, hourlyServiceLevel, localHour, QUEUE_RULES, type QueueSlaResult, type QueueSlaSearch } from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { callsOf, inPeriod, queueIdOf } from './queue-stats-queries';
import { int, type CorpReport } from './report-scope';

/**
 * The service level by hour of the day and the abandoned calls' waits (G-RPT-02; the rules are in
 * domain/reports/queue-sla.ts), from the queue statistics' calls in one statement: the calls counted
 * per 15 minutes of their outcome (every zone's offset is a multiple of 15 minutes, so a slice lies
 * in one local hour, which the domain's zone rule names, as the dashboards do), and the abandoned
 * ones per wait in seconds. A month is at most 2,976 slices, whatever the traffic.
 */
export async function queueSla(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, search: QueueSlaSearch): Promise<QueueSlaResult> {
  const rows = await queryRows<{ kind: 'slice' | 'wait'; key: string | number; offered: string | number; answered: string | number; within: string | number; abandoned: string | number }>(
    db,
    sql`with calls as (${callsOf(corpId, search)}),
    counted as (
      select date_bin('15 minutes', c.outcome_at, timestamptz '2000-01-01 00:00:00+00') as slice, c.attended, c.hold,
        c.attended and c.hold <= coalesce(qu.servicelevel, ${QUEUE_RULES.defaultServiceLevelSec}) as within,
        not c.attended and c.status = 'ABANDON' as abandoned
      from calls c
      left join queue qu on qu.id = ${queueIdOf} and qu.corp_id = ${corpId}
      where ${inPeriod(search)}
    )
    select 'slice' as kind, (extract(epoch from slice) * 1000)::bigint as key, count(*) as offered,
      count(*) filter (where attended) as answered, count(*) filter (where within) as within, count(*) filter (where abandoned) as abandoned
    from counted group by slice
    union all
    -- an abandoned call whose wait Asterisk did not write (not digits) is counted, not distributed
    select 'wait', hold, count(*), 0, 0, 0 from counted where abandoned and hold is not null group by hold`,
  );
  const slices = rows.filter((r) => r.kind === 'slice').map((r) => ({ at: int(r.key), offered: int(r.offered), answered: int(r.answered), answeredWithinSl: int(r.within), abandoned: int(r.abandoned) }));
  const waits = rows.filter((r) => r.kind === 'wait').map((r) => ({ sec: int(r.key), count: int(r.offered) }));
  const { hours, total } = hourlyServiceLevel(slices, (ms) => localHour(ms, search.tz));
  return { hours, total, abandon: abandonDistribution(waits) };
}
