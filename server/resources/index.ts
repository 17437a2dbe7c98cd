import type { FastifyInstance } from 'fastify';
import { mountResource } from '../crud/router';
import { corpBinding } from './corp';
import { extensionBinding } from './extension';
import { kioskScreenBinding } from './kiosk-screen';
import { queueBinding } from './queue';
import { roleGroupBinding } from './role-group';
import { userBinding } from './user';

/** Every resource the generic router serves; later resources (trunk, IVR ...) join here. */
export function mountResources(app: FastifyInstance): void {
  mountResource(app, corpBinding);
  mountResource(app, userBinding);
  mountResource(app, roleGroupBinding);
  mountResource(app, extensionBinding);
  mountResource(app, queueBinding);
  mountResource(app, kioskScreenBinding);
}
