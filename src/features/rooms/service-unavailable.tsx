import { VideoOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

/** Software id -10 (E-ROOM-02): the service is off; rooms can be neither listed nor joined. */
export function Unavailable({ ipRefused, retrying, onRetry }: { ipRefused: boolean; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-8 py-12 text-center" role="status" data-testid="rooms-unavailable">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <VideoOff className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{t('rooms.unavailableTitle')}</h2>
      <p className="max-w-md text-sm text-muted">{t('errors.meetingUnavailable')}</p>
      {ipRefused ? <p className="text-xs text-muted">{t('rooms.ipNotEnabled')}</p> : null}
      <Button variant="secondary" onClick={onRetry} loading={retrying} data-testid="rooms-retry">
        {t('rooms.retry')}
      </Button>
    </Card>
  );
}
