import { sql, type SQL } from 'drizzle-orm';
import { ANY_EXTEN, completeOptions, IVR_CHOICES, POLL_DIGITS, type IvrStatsRow, type OptionCount, type PollChartBody, type PollStatsBody, type PollStatsRow, type ReportWindow } from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { notFound } from '../../errors';
import { int, numOrNull, type CorpReport } from './report-scope';

/**
 * Poll (D-PST) and IVR (D-IST) statistics from poll_answer and ivr_log. The poll, question and IVR
 * must be the corp's (404 otherwise, as for any row of another corp); the answers are read with the
 * corp's condition too. moda: the most frequent value, the lowest on a tie (mode() over the ordered
 * values); media: the mean of the digits, 2 decimals.
 */
const period = (column: SQL, window: ReportWindow) => sql`${column} >= ${window.from}::timestamptz and ${column} <= ${window.to}::timestamptz`;
const round2 = (value: unknown) => {
  const n = numOrNull(value);
  return n === null ? null : Math.round(n * 100) / 100;
};

async function mustExist(db: Db, query: SQL): Promise<void> {
  const rows = await queryRows(db, query);
  if (rows.length === 0) throw notFound();
}

export async function pollStats(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, params: { poll: number; question: number; exten: string }, body: PollStatsBody): Promise<PollStatsRow[]> {
  await mustExist(db, sql`select 1 from question q join poll p on p.id = q.poll_id where q.id = ${params.question} and p.id = ${params.poll} and p.corp_id = ${corpId}`);
  const exten = params.exten === ANY_EXTEN ? sql`true` : sql`a.exten = ${params.exten}`;
  const byExten = body.summarized ? sql`''` : sql`a.exten`;
  const rows = await queryRows<{ exten: string; cantidad: string | number; media: string | number | null; moda: number | null }>(
    db,
    sql`select ${byExten} as exten, count(*) as cantidad, avg(a.answer) as media, mode() within group (order by a.answer) as moda
    from poll_answer a
    where a.corp_id = ${corpId} and a.poll_id = ${params.poll} and a.question_id = ${params.question} and ${exten} and ${period(sql`a.calldate`, body)}
    group by 1 order by 1`,
  );
  return rows.map((r) => ({ questionId: params.question, cantidad: int(r.cantidad), exten: r.exten, moda: r.moda === null ? null : int(r.moda), media: round2(r.media) }));
}

export async function pollChart(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, question: number, body: PollChartBody): Promise<OptionCount[]> {
  await mustExist(db, sql`select 1 from question q join poll p on p.id = q.poll_id where q.id = ${question} and p.corp_id = ${corpId}`);
  const exten = body.exten === ANY_EXTEN ? sql`true` : sql`a.exten = ${body.exten}`;
  const rows = await queryRows<{ option: number; count: string | number }>(
    db,
    sql`select a.answer as option, count(*) as count from poll_answer a
    where a.corp_id = ${corpId} and a.question_id = ${question} and ${exten} and ${period(sql`a.calldate`, body)}
    group by 1`,
  );
  return completeOptions(
    rows.map((r) => ({ option: String(r.option), count: int(r.count) })),
    POLL_DIGITS.map(String),
  );
}

export async function ivrStats(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, ivr: number, window: ReportWindow): Promise<IvrStatsRow[]> {
  const [found] = await queryRows<{ name: string }>(db, sql`select name from ivr where id = ${ivr} and corp_id = ${corpId}`);
  if (!found) throw notFound();
  const [row] = await queryRows<{ cantidad: string | number; media: string | number | null; moda: string | null }>(
    db,
    sql`select count(*) as cantidad, avg(case when l.option ~ '^[0-9]$' then l.option::int end) as media, mode() within group (order by l.option) as moda
    from ivr_log l where l.corp_id = ${corpId} and l.ivr_id = ${ivr} and ${period(sql`l.calldate`, window)}`,
  );
  const cantidad = int(row?.cantidad);
  return [{ ivrId: ivr, nombre: found.name, moda: cantidad > 0 ? (row?.moda ?? null) : null, media: round2(row?.media), cantidad }];
}

export async function ivrChart(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, ivr: number, window: ReportWindow): Promise<OptionCount[]> {
  await mustExist(db, sql`select 1 from ivr where id = ${ivr} and corp_id = ${corpId}`);
  const rows = await queryRows<{ option: string; count: string | number }>(
    db,
    sql`select l.option, count(*) as count from ivr_log l where l.corp_id = ${corpId} and l.ivr_id = ${ivr} and ${period(sql`l.calldate`, window)} group by 1`,
  );
  return completeOptions(
    rows.map((r) => ({ option: r.option, count: int(r.count) })),
    IVR_CHOICES,
  );
}
