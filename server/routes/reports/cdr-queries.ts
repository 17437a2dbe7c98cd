import { sql, type SQL } from 'drizzle-orm';
import { CDR_EXPORT_MAX, CDR_PAGE_SIZE, CDR_TYPE, cdrCostVisible, type CdrDetailedRow, type CdrResult, type CdrSearch, type CdrSummaryRow } from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { channelEndpoint, int, numOrNull, type CorpReport } from './report-scope';

/**
 * The CDR search (D-CDR). One round trip per search: the total and the page come back as one row (a
 * page past the end still says how many there are). Rows are found by the (corp_id, calldate) index;
 * the type is the row's direction (`cdr_direction`, migrations 0007 and 0024) or, for an extension, the calls
 * it made, was dialled at, or answered (its channel on either side). A row's destination type is the
 * group cdr_class gave it when it was written.
 */
const direction = sql`cdr_direction(c.channel, c.dstchannel, c.dcontext, c.lastdata, c.userfield)`;

function conditions(corpId: number, search: CdrSearch): SQL {
  const base = sql`c.corp_id = ${corpId} and c.calldate >= ${search.from}::timestamptz and c.calldate <= ${search.to}::timestamptz`;
  if (search.type === CDR_TYPE.extension) {
    // the filter is digits only (the schema), so it needs no LIKE escaping
    const channel = `%/${corpId}\\_${search.filter}-%`;
    return sql`${base} and (c.src = ${search.filter} or c.dst = ${search.filter} or c.channel like ${channel} or c.dstchannel like ${channel})`;
  }
  return sql`${base} and ${direction} = ${search.type}`;
}

function pageOf(search: CdrSearch): { limit: number; offset: number } {
  return search.all ? { limit: CDR_EXPORT_MAX, offset: 0 } : { limit: CDR_PAGE_SIZE, offset: search.page * CDR_PAGE_SIZE };
}

interface DetailedDbRow {
  id: number | string;
  ms: number | string;
  src: string;
  clid: string;
  dst: string;
  dstchannel: string;
  duration: number;
  billsec: number;
  disposition: string;
  cost: number | string | null;
  recordingfile: string;
  name: string | null;
}

export async function searchCdr(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, search: CdrSearch): Promise<CdrResult> {
  const { limit, offset } = pageOf(search);
  if (!search.detailed) return summarised(db, corpId, search, limit, offset);
  const where = conditions(corpId, search);

  const [corpRow] = await queryRows<{ cost_enabled: boolean }>(db, sql`select cost_enabled from corp where id = ${corpId}`);
  const costVisible = cdrCostVisible(search, corpRow?.cost_enabled === true);
  // the page is cut first; the destination group is found for its rows only
  const [row] = await queryRows<{ total: number | string; rows: DetailedDbRow[] | null }>(
    db,
    sql`select
      (select count(*) from cdr c where ${where}) as total,
      (select json_agg(p order by p.calldate desc, p.id desc) from (
        select c.id, (extract(epoch from c.calldate) * 1000)::bigint as ms, c.calldate, c.src, c.clid, c.dst, c.dstchannel, c.duration, c.billsec, c.disposition, c.cost, c.recordingfile,
          (select g.name from cdr_class k join destination_group g on g.id = k.group_id where k.cdr_id = c.id) as name
        from (select * from cdr c where ${where} order by c.calldate desc, c.id desc limit ${limit} offset ${offset}) c
      ) p) as rows`,
  );
  const rows: CdrDetailedRow[] = (row?.rows ?? []).map((r) => ({
    id: int(r.id),
    date: new Date(Number(r.ms)).toISOString(),
    origin: r.src,
    caller: r.clid,
    destination: channelEndpoint(r.dstchannel),
    dialed: r.dst,
    name: r.name,
    duration: int(r.duration),
    billsec: int(r.billsec),
    disposition: r.disposition,
    usercost: costVisible ? numOrNull(r.cost) : null,
    recordFile: r.recordingfile,
  }));
  return { detailed: true, rows, total: int(row?.total), page: search.page, pageSize: search.all ? rows.length : CDR_PAGE_SIZE, costVisible };
}

/**
 * D-CDR-05: per caller and destination type, most calls first. Outgoing and incoming read cdr_class
 * alone (its (corp_id, calldate) index carries direction, group, caller and duration: a month of a
 * corp never touches the cdr heap); an extension's calls need the cdr row's channels.
 */
async function summarised(db: Db, corpId: number, search: CdrSearch, limit: number, offset: number): Promise<CdrResult> {
  const source =
    search.type === CDR_TYPE.extension
      ? sql`select k.src, k.duration, k.group_id from cdr c join cdr_class k on k.cdr_id = c.id where ${conditions(corpId, search)}`
      : sql`select k.src, k.duration, k.group_id from cdr_class k
            where k.corp_id = ${corpId} and k.calldate >= ${search.from}::timestamptz and k.calldate <= ${search.to}::timestamptz and k.direction = ${search.type}`;
  const [row] = await queryRows<{ total: number | string; rows: { caller: string; name: string | null; quantidade: number | string; duration: number | string }[] | null }>(
    db,
    sql`with groups as (
      select s.src as caller, g.name, count(*) as quantidade, sum(s.duration) as duration
      from (${source}) s
      left join destination_group g on g.id = s.group_id
      group by s.src, g.name
    )
    select (select count(*) from groups) as total,
      (select json_agg(p) from (select * from groups order by quantidade desc, caller, name limit ${limit} offset ${offset}) p) as rows`,
  );
  const rows: CdrSummaryRow[] = (row?.rows ?? []).map((r) => ({ caller: r.caller, quantidade: int(r.quantidade), name: r.name, duration: int(r.duration) }));
  return { detailed: false, rows, total: int(row?.total), page: search.page, pageSize: search.all ? rows.length : CDR_PAGE_SIZE, costVisible: false };
}

/** The recording of a row of the corp, or null (no such row here, or none recorded). */
export async function recordingOf(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, id: number): Promise<string | null> {
  const [row] = await queryRows<{ recordingfile: string }>(db, sql`select recordingfile from cdr where id = ${id} and corp_id = ${corpId}`);
  return row?.recordingfile ? row.recordingfile : null;
}
