import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, DoorOpen, Pencil, Plus, Search, Trash, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEVEL } from '../../../domain/levels';
import type { RoomRow } from '../../../domain/meetings';
import { isApiFailure } from '../../api/client';
import type { NavEntry } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { useScope, useUser } from '../../app/session';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { Button, buttonVariants } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { PageSizeSelect } from '../../ui/page-size-select';
import { useSnackbar } from '../../ui/snackbar';
import { Spinner } from '../../ui/spinner';
import { TablePager } from '../../ui/table-pager';
import { paginate } from '../../ui/table-logic';
import { RoomDialog } from './room-dialog';
import { RoomMembersDialog } from './room-members-dialog';
import { Unavailable } from './service-unavailable';
import { deleteRoom, isServiceOff, markServiceOff, meetKey, roomsQuery, softwareQuery } from './rooms-api';
import { canManageRooms } from '../../../domain/meetings';
import { deleteFailureKey, joinHref, ROOM_PAGE_SIZE, ROOM_PAGE_SIZES, searchRooms, serviceAvailable } from './rooms-logic';

/**
 * Meeting rooms, "salas" (spec 1 §2, E-ROOM-07..21): the corp's rooms as cards, 9 per page (3, 6, 9 or
 * 12), a search by name and Join, which opens the room's link in a new tab; levels 1-3 create, edit
 * and delete rooms and see who is in one. The software id comes from `softwares/check-ip`; -10 (the
 * check failed, or any meet call answered 503) shows the rooms as unavailable.
 */
export default function RoomsScreen(_props: { entry: NavEntry }) {
  const user = useUser();
  const scope = useScope();
  if (user.level === LEVEL.supervisor && scope === null) return <WorkingCorpRequired />;
  return <Rooms scope={scope} manage={canManageRooms(user.level)} />;
}

function Rooms({ scope, manage }: { scope: number | null; manage: boolean }) {
  const { t } = useTranslation();
  const software = useQuery(softwareQuery(scope));
  if (software.isPending) return <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />;
  const softwareId = software.data?.id;
  if (!serviceAvailable(softwareId) || softwareId === undefined) {
    return <Unavailable ipRefused={software.data?.failedStatus !== 503} retrying={software.isFetching} onRetry={() => void software.refetch()} />;
  }
  return <RoomBoard scope={scope} softwareId={softwareId} manage={manage} />;
}

function RoomBoard({ scope, softwareId, manage }: { scope: number | null; softwareId: number; manage: boolean }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const rooms = useQuery(roomsQuery(scope, softwareId));
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(ROOM_PAGE_SIZE);
  const [editing, setEditing] = useState<RoomRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoomRow | null>(null);
  const [members, setMembers] = useState<string | null>(null);

  const offline = isServiceOff(rooms.error);
  useEffect(() => {
    if (offline) markServiceOff(queryClient, scope);
  }, [offline, queryClient, scope]);

  const remove = useMutation({
    mutationFn: (room: RoomRow) => deleteRoom(room.name, softwareId),
    onSuccess: async () => {
      notifySave(t('rooms.deleted'), 'success');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: [...meetKey(scope), 'rooms'] });
    },
    onError: (error) => {
      notifySave(t(deleteFailureKey(isApiFailure(error) ? { status: error.status, error: error.body.error } : null)), 'danger');
      setDeleting(null);
      if (isServiceOff(error)) markServiceOff(queryClient, scope);
    },
  });

  if (rooms.error) {
    const failure = isApiFailure(rooms.error) ? rooms.error : null;
    if (failure?.body.message === 'errors.workingCorpRequired') return <WorkingCorpRequired />;
    return (
      <Card className="mx-auto mt-6 max-w-xl px-6 py-8 text-center text-sm" role="alert" data-testid="rooms-error">
        {failure?.status === 403 ? t('errors.roomsDisabled') : t('errors.default')}
      </Card>
    );
  }

  const found = searchRooms(rooms.data ?? [], query);
  const view = paginate(found, page, size);

  return (
    <div className="flex flex-col gap-4" data-testid="rooms-screen">
      <Card className="flex flex-wrap items-center gap-3 px-4 py-3">
        <div className="relative w-full max-w-xs">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
            placeholder={t('rooms.search')}
            aria-label={t('rooms.search')}
            className="pl-8"
            data-testid="rooms-search"
          />
        </div>
        <PageSizeSelect
          label={t('rooms.perPage')}
          sizes={ROOM_PAGE_SIZES}
          value={size}
          onChange={(next) => {
            setSize(next);
            setPage(0);
          }}
          testId="rooms-page-size"
        />
        <div className="ml-auto flex flex-wrap gap-2">
          <Link to={paths.toEntry('calendar')} className={buttonVariants({ variant: 'secondary' })} data-testid="rooms-calendar">
            <CalendarDays />
            {t('rooms.calendar')}
          </Link>
          {manage ? (
            <Button onClick={() => setEditing('new')} data-testid="room-create">
              <Plus />
              {t('rooms.new')}
            </Button>
          ) : null}
        </div>
      </Card>

      {rooms.isPending ? (
        <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />
      ) : view.total === 0 ? (
        <Card className="px-6 py-10 text-center text-sm text-muted" data-testid="rooms-empty">
          {query ? t('rooms.noMatch') : t('rooms.none')}
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="room-cards">
            {view.rows.map((room) => (
              <RoomCard
                key={room.id}
                room={room}
                manage={manage}
                onEdit={() => setEditing(room)}
                onDelete={() => setDeleting(room)}
                onMembers={() => setMembers(room.name)}
              />
            ))}
          </ul>
          <TablePager view={view} setPage={setPage} />
        </Card>
      )}

      {editing ? <RoomDialog scope={scope} softwareId={softwareId} room={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {members ? <RoomMembersDialog scope={scope} softwareId={softwareId} name={members} onClose={() => setMembers(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('rooms.deleteTitle')}
        message={t('rooms.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </div>
  );
}

function RoomCard({ room, manage, onEdit, onDelete, onMembers }: { room: RoomRow; manage: boolean; onEdit: () => void; onDelete: () => void; onMembers: () => void }) {
  const { t } = useTranslation();
  const everyone = room.userOption === 'allUsers';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4" data-testid={`room-card-${room.name}`} data-room={room.name}>
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <DoorOpen className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-text" title={room.name} data-testid="room-name-text">
            {room.name}
          </h3>
          <p className="text-xs text-muted">{everyone ? t('rooms.option.allUsers') : t('rooms.participantCount', { count: room.selectedUsers.length })}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-1">
        <a
          href={joinHref(room.link, window.location.origin)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ size: 'sm' })}
          aria-label={`${t('rooms.join')} ${room.name}`}
          data-testid="room-join"
        >
          {t('rooms.join')}
        </a>
        {manage ? (
          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" size="icon-sm" title={t('rooms.members')} aria-label={`${t('rooms.members')} ${room.name}`} onClick={onMembers} data-testid="room-members">
              <Users />
            </Button>
            <Button variant="ghost" size="icon-sm" title={t('common.edit')} aria-label={`${t('common.edit')} ${room.name}`} onClick={onEdit} data-testid="room-edit">
              <Pencil />
            </Button>
            <Button variant="danger-ghost" size="icon-sm" title={t('common.delete')} aria-label={`${t('common.delete')} ${room.name}`} onClick={onDelete} data-testid="room-delete">
              <Trash />
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
