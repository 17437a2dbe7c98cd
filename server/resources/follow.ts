import { FOLLOW_TYPE, FOLLOW_TYPE_CALL, followResource, type FollowRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { followMe } from '../db/schema';

/** Follow-me (C-FOL): the child rows of an extension (EntityId); an order is the extension's once. */
export const followBinding = tableBinding({
  definition: followResource,
  table: followMe,
  id: followMe.id,
  corp: followMe.corpId,
  fields: { id: followMe.id, corpId: followMe.corpId, entityId: followMe.extenId, number: followMe.number, order: followMe.order, timeout: followMe.timeout },
  orderBy: [followMe.order],
  // C-FOL-08: the constant call type and entity type of the spec
  mapRow: (row): FollowRow => ({ ...row, typeCall: FOLLOW_TYPE_CALL, type: FOLLOW_TYPE }),
  conflicts: { follow_me_order_unique: { status: 406, message: 'errors.followOrderUsed', path: 'order' } },
});
