import { corpResource } from './corp';
import { lookAndFeelResource } from './look-and-feel';
import { roleGroupResource } from './role-group';
import { userResource } from './user';
import type { ResourceDefinition } from './define';

export * from './define';
export * from './corp';
export * from './user';
export * from './role-group';
export * from './look-and-feel';

/** Every resource served by the generic machinery, by name. */
export const RESOURCES = {
  corp: corpResource,
  user: userResource,
  roleGroup: roleGroupResource,
  lookAndFeel: lookAndFeelResource,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;
