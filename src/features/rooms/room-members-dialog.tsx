import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { membersQuery } from './rooms-api';

/** A room's members (E-ROOM-14; levels 1-3): `POST meet/rooms/users` by the room's name. */
export function RoomMembersDialog({ scope, softwareId, name, onClose }: { scope: number | null; softwareId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useQuery(membersQuery(scope, softwareId, name));
  return (
    <Dialog
      open
      onClose={onClose}
      width={440}
      title={t('rooms.membersTitle', { name })}
      testId="room-members-dialog"
      footer={
        <Button variant="secondary" onClick={onClose} data-testid="room-members-close">
          {t('common.close')}
        </Button>
      }
    >
      {members.isPending ? (
        <Spinner className="mx-auto size-6 text-primary" label={t('common.loading')} />
      ) : members.error ? (
        <p className="text-sm text-danger">{t('errors.default')}</p>
      ) : members.data.length === 0 ? (
        <p className="text-sm text-muted" data-testid="room-members-empty">
          {t('rooms.noMembers')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="room-members">
          {members.data.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-2" data-testid={`room-member-${member.nick}`}>
              <Avatar name={member.name || member.nick} className="size-8 text-xs" />
              <div className="flex min-w-0 flex-col text-sm">
                <span className="truncate font-medium">{member.name || member.nick}</span>
                <span className="truncate text-xs text-muted">{member.nick}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
