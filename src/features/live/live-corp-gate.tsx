import type { ReactNode } from 'react';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { useLiveCorp } from '../../app/use-live-corp';

/** Renders a live screen only when it has a corp to follow; a level 1 user without one is asked to pick it. */
export function LiveCorpGate({ children }: { children: ReactNode }) {
  const corpId = useLiveCorp();
  if (corpId === null) return <WorkingCorpRequired />;
  return <>{children}</>;
}
