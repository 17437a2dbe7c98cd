import type { ReactNode } from 'react';
import type { MyUser } from '../../../domain/auth';
import { CEILING, withinCeiling } from '../../../domain/level-ceilings';
import { HubStateDot } from './hub-state-dot';
import { UsageWidget } from './usage-widget';
import { UserMenu } from './user-menu';

/** Page title, level 1 usage widget, the Meetings popup (levels 3-4, E-MEET-01; given by the router), the real-time connection dot and the user menu (A-TOP-01..05). */
export function TopBar({ title, user, meetings }: { title: string; user: MyUser; meetings?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur sm:px-6">
      <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-text" data-testid="page-title">
        {title}
      </h1>
      <div className="flex items-center gap-2">
        {withinCeiling(user.level, CEILING.hostUsage) ? <UsageWidget /> : null}
        {meetings}
        <HubStateDot />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
