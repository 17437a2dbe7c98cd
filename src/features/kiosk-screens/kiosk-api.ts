import { apiRequest, type ApiResponse } from '../../api/client';
import type { Row } from '../../api/resources';

/** POST /kiosk/:id/revoke → the row, revoked. */
export function revokeKioskScreen(id: number | string): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(`kiosk/${encodeURIComponent(String(id))}/revoke`, { method: 'POST' });
}

/** POST /kiosk/:id/rotate → the row plus its new `key` (shown once). */
export function rotateKioskScreen(id: number | string): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(`kiosk/${encodeURIComponent(String(id))}/rotate`, { method: 'POST' });
}
