/**
 * The one entry of index.html: a kiosk URL loads only the kiosk's code, every other URL the admin app
 * (ARCHITECTURE "Kiosk routes load only kiosk code; admin screens are lazy chunks of the same bundle").
 */
import { isKioskPath } from '../kiosk/kiosk-path';

if (isKioskPath(window.location.pathname)) void import('../kiosk/main');
else void import('./admin-main');
