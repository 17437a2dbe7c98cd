import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';

/**
 * Where a room's or a meeting's link lands when the system parameter `meetinghost` names no meeting
 * site (E-ROOM-18 `{corpId}/{softwareId}/2/{name}`, E-CAL-22 `{softwareId}/{corpId}/1/{name}` under
 * this site's origin). Callboard's own meeting service keeps the rooms and the calendar; the call
 * itself happens on a meeting site (spec 1 §7: "a meeting service on another host"). Rather than a
 * not-found page, or a pretend call, the page names the room or meeting and says plainly how a
 * supervisor points the links at the organisation's meeting site.
 */
export default function MeetingLinkPage({ kind }: { kind: 'room' | 'meeting' }) {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-6 text-text">
      <Card className="flex max-w-lg flex-col items-center gap-4 px-8 py-10 text-center" data-testid="meeting-link-page" data-kind={kind}>
        <Video className="size-10 text-primary" aria-hidden />
        <p className="text-sm font-medium text-muted">{t(kind === 'room' ? 'meetingLink.room' : 'meetingLink.meeting')}</p>
        <h1 className="text-xl font-semibold break-words" data-testid="meeting-link-name">
          {name}
        </h1>
        <p className="text-sm text-muted">{t('meetingLink.noSite')}</p>
        <p className="text-sm text-muted">{t('meetingLink.howTo')}</p>
        <Link to="/" className={buttonVariants({ variant: 'secondary' })} data-testid="meeting-link-back">
          {t('meetingLink.back')}
        </Link>
      </Card>
    </main>
  );
}
