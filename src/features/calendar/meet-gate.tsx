import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '../../../domain/auth';
import { LEVEL } from '../../../domain/levels';
import { isApiFailure } from '../../api/client';
import { useScope, useUser } from '../../app/session';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { softwareQuery } from '../rooms/rooms-api';
import { serviceAvailable } from '../rooms/rooms-logic';
import { Unavailable } from '../rooms/service-unavailable';

export interface MeetContext {
  user: MyUser;
  scope: number | null;
  softwareId: number;
}

/**
 * What every calendar screen needs first (as the Rooms screen): a working corp for level 1, then the
 * software id of `softwares/check-ip`; -10 (E-ROOM-02) shows the service as unavailable.
 */
export function MeetGate({ children }: { children: (ctx: MeetContext) => ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const software = useQuery({ ...softwareQuery(scope), enabled: !(user.level === LEVEL.supervisor && scope === null) });
  if (user.level === LEVEL.supervisor && scope === null) return <WorkingCorpRequired />;
  if (software.isPending) return <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />;
  const softwareId = software.data?.id;
  if (!serviceAvailable(softwareId) || softwareId === undefined) {
    return <Unavailable ipRefused={software.data?.failedStatus !== 503} retrying={software.isFetching} onRetry={() => void software.refetch()} />;
  }
  return <>{children({ user, scope, softwareId })}</>;
}

/** The failure of a meeting list: the corp's rooms are off (403), the working corp is missing, or the default error. */
export function MeetingsError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const failure = isApiFailure(error) ? error : null;
  if (failure?.body.message === 'errors.workingCorpRequired') return <WorkingCorpRequired />;
  return (
    <Card className="mx-auto mt-6 max-w-xl px-6 py-8 text-center text-sm" role="alert" data-testid="calendar-error">
      {failure?.status === 403 ? t('errors.roomsDisabled') : t('errors.default')}
    </Card>
  );
}

export { useNow } from './use-now';
