/** The lucide icon of each extension status icon name (src/ui/ext-status.ts), shared by panel and kiosk. */
import { Pause, Phone, PhoneCall, PhoneIncoming, PhoneMissed, PhoneOff, type LucideIcon } from 'lucide-react';
import type { StatusIcon } from './ext-status';

export const STATUS_ICONS: Record<StatusIcon, LucideIcon> = {
  phoneOff: PhoneOff,
  phoneIncoming: PhoneIncoming,
  phoneCall: PhoneCall,
  phone: Phone,
  phoneMissed: PhoneMissed,
  pause: Pause,
};
