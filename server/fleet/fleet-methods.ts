/**
 * The kiosk's own hub method (H-FLEET-01, H-TICK-01): `KioskHeartbeat(report)` from a screen's
 * connection (its kiosk token; a NOC screen's page tokens too) stores the report and completes with
 * the ticker messages the screen shows now. Users' connections are refused: a browser tab watching a
 * screen signed in is not the TV of the fleet.
 */
import type { KioskHeartbeat } from '../../domain';
import { isKioskPrincipalId } from '../auth/kiosk-token';
import { HubError, type HubCallContext, type HubMethods } from '../hub/hub-types';
import type { KioskFleet } from './fleet';

export function createFleetMethods(fleet: KioskFleet): HubMethods {
  return {
    KioskHeartbeat: async (ctx: HubCallContext, report?: unknown) => {
      const { userId } = ctx.principal;
      if (!isKioskPrincipalId(userId)) throw new HubError('forbidden');
      const shown = await fleet.heartbeat(-userId, report as KioskHeartbeat);
      if (shown === null) throw new HubError('validation.invalid');
      return shown;
    },
  };
}
