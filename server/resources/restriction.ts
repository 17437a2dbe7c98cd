import { sql } from 'drizzle-orm';
import { restrictionCorpResource, restrictionExtenResource, restrictionInResource, type RestrictionType } from '../../domain';
import { tableBinding, type Conflict } from '../crud/binding';
import { corp, destinationGroup, extension, restrictionCorp, restrictionExten, restrictionIn } from '../db/schema';
import { valueVia } from '../db/sql';

/** F-ERR-16: a restriction that exists already answers -5 (HTTP 409, the body's status says -5). */
const exists: Conflict = { status: 409, code: -5, message: 'errors.restrictionExists', path: 'pattern' };

/** What the list's destination column reads: the group's name for type 4, else the stored pattern or word. */
const destinationOf = (table: typeof restrictionCorp | typeof restrictionExten) =>
  sql<string>`coalesce(${valueVia(destinationGroup, destinationGroup.name, destinationGroup.id, table, table.groupId)}, ${table.pattern})`;

const narrow = <T extends { destType: number }>(row: T) => ({ ...row, destType: row.destType as RestrictionType });

/** Every corp's row (no corp) when the supervisor's all-corps switch is on (C-CRS-02); otherwise the usual corp. */
const allCorpsTarget = (input: { allCorps: boolean }) => (input.allCorps ? null : undefined);

/** Corporate restrictions (C-CRS): a corp's, or every corp's (no corp: the supervisor's rows). */
export const restrictionCorpBinding = tableBinding({
  definition: restrictionCorpResource,
  table: restrictionCorp,
  id: restrictionCorp.id,
  corp: restrictionCorp.corpId,
  fields: {
    id: restrictionCorp.id,
    corpId: restrictionCorp.corpId,
    corpName: valueVia(corp, corp.name, corp.id, restrictionCorp, restrictionCorp.corpId),
    allCorps: sql<boolean>`${restrictionCorp.corpId} is null`,
    destType: restrictionCorp.destType,
    pattern: restrictionCorp.pattern,
    groupId: restrictionCorp.groupId,
    destination: destinationOf(restrictionCorp),
    permit: restrictionCorp.permit,
    pin: restrictionCorp.pin,
  },
  orderBy: [restrictionCorp.corpId, restrictionCorp.pattern],
  mapRow: narrow,
  targetCorp: allCorpsTarget,
  conflicts: { restriction_corp_unique: exists },
});

/** Extension restrictions (C-ERS): the child rows of an extension. */
export const restrictionExtenBinding = tableBinding({
  definition: restrictionExtenResource,
  table: restrictionExten,
  id: restrictionExten.id,
  corp: restrictionExten.corpId,
  fields: {
    id: restrictionExten.id,
    corpId: restrictionExten.corpId,
    extenId: restrictionExten.extenId,
    extenNumber: valueVia(extension, extension.number, extension.id, restrictionExten, restrictionExten.extenId),
    destType: restrictionExten.destType,
    pattern: restrictionExten.pattern,
    groupId: restrictionExten.groupId,
    destination: destinationOf(restrictionExten),
    permit: restrictionExten.permit,
    pin: restrictionExten.pin,
  },
  orderBy: [restrictionExten.pattern],
  mapRow: narrow,
  conflicts: { restriction_exten_unique: exists },
});

/** Incoming restrictions (C-IRS): the supervisor's, per corp or for every corp. */
export const restrictionInBinding = tableBinding({
  definition: restrictionInResource,
  table: restrictionIn,
  id: restrictionIn.id,
  corp: restrictionIn.corpId,
  fields: {
    id: restrictionIn.id,
    corpId: restrictionIn.corpId,
    corpName: valueVia(corp, corp.name, corp.id, restrictionIn, restrictionIn.corpId),
    allCorps: sql<boolean>`${restrictionIn.corpId} is null`,
    pattern: restrictionIn.pattern,
    permit: restrictionIn.permit,
    comment: restrictionIn.comment,
  },
  orderBy: [restrictionIn.corpId, restrictionIn.pattern],
  targetCorp: allCorpsTarget,
  conflicts: { restriction_in_unique: { ...exists } },
});
