import { corpResource } from './corp';
import { extensionResource } from './extension';
import { kioskScreenResource } from './kiosk-screen';
import { lookAndFeelResource } from './look-and-feel';
import { queueResource } from './queue';
import { roleGroupResource } from './role-group';
import { userResource } from './user';
import type { ResourceDefinition } from './define';

export * from './define';
export * from './corp';
export * from './user';
export * from './role-group';
export * from './look-and-feel';
export * from './extension';
export * from './queue';
export * from './kiosk-screen';

/** Every resource served by the generic machinery, by name. */
export const RESOURCES = {
  corp: corpResource,
  user: userResource,
  roleGroup: roleGroupResource,
  lookAndFeel: lookAndFeelResource,
  extension: extensionResource,
  queue: queueResource,
  kioskScreen: kioskScreenResource,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;
