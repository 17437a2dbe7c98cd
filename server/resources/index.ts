import type { FastifyInstance } from 'fastify';
import { mountResource } from '../crud/router';
import { corpBinding } from './corp';
import { roleGroupBinding } from './role-group';
import { userBinding } from './user';

/** Every resource the generic router serves; later resources (extension, trunk ...) join here. */
export function mountResources(app: FastifyInstance): void {
  mountResource(app, corpBinding);
  mountResource(app, userBinding);
  mountResource(app, roleGroupBinding);
}
