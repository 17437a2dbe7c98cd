import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_OPTIONS, type MeetingUser, type UserOption } from '../../../domain/meetings';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import { toggleUser } from './rooms-logic';

interface ParticipantsFieldProps {
  /** ids and test ids: `{prefix}-option-…`, `{prefix}-users`, `{prefix}-user-{nick}` */
  prefix: 'room' | 'meeting';
  option: UserOption | '';
  onOption(option: UserOption): void;
  optionError?: string;
  /** who may take part (levels 2-4 of the corp, `GET meet/users`) */
  users: UseQueryResult<MeetingUser[]>;
  selected: number[];
  onSelected(ids: number[]): void;
  usersError?: string;
}

/**
 * Who takes part in a room or a meeting (E-ROOM-10/12, E-CAL-10/12): everyone of the corp or the
 * selected users, with the 'usersError' message under the list when selected with nobody. One picker
 * for the room and the meeting dialogs; each keeps its own form and field names.
 */
export function ParticipantsField({ prefix, option, onOption, optionError, users, selected, onSelected, usersError }: ParticipantsFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={optionError ? `${prefix}-option-error` : undefined}>
        <legend className="mb-1 text-xs font-medium text-muted">{t('rooms.participants')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup">
          {USER_OPTIONS.map((value) => (
            <label key={value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${prefix}-userOption`}
                value={value}
                checked={option === value}
                onChange={() => onOption(value)}
                className="size-4 accent-primary"
                data-testid={`${prefix}-option-${value}`}
              />
              {t(`rooms.option.${value}`)}
            </label>
          ))}
        </div>
        {optionError ? (
          <p id={`${prefix}-option-error`} role="alert" className="text-xs font-medium text-danger" data-testid={`error-${prefix}-option`}>
            {optionError}
          </p>
        ) : null}
      </fieldset>

      {option === 'selectUser' ? (
        <div className="flex flex-col gap-1.5" data-testid={`${prefix}-users`}>
          <span id={`${prefix}-users-label`} className="text-xs font-medium text-muted">
            {t('rooms.selectUsers')}
          </span>
          {users.isPending ? (
            <Spinner className="size-5 text-primary" label={t('common.loading')} />
          ) : users.error ? (
            <p className="text-sm text-danger">{t('errors.default')}</p>
          ) : users.data.length === 0 ? (
            <p className="text-sm text-muted">{t('rooms.noUsers')}</p>
          ) : (
            <ul
              role="group"
              aria-labelledby={`${prefix}-users-label`}
              aria-invalid={usersError ? true : undefined}
              className={cn('scroll-thin max-h-52 divide-y divide-border overflow-y-auto rounded-lg border', usersError ? 'border-danger' : 'border-border')}
            >
              {users.data.map((user) => {
                const id = `${prefix}-user-${user.id}`;
                return (
                  <li key={user.id} className="flex items-center gap-3 px-3 py-2">
                    <Checkbox
                      id={id}
                      checked={selected.includes(user.id)}
                      onCheckedChange={(on) => onSelected(toggleUser(selected, user.id, on))}
                      aria-labelledby={`${id}-label`}
                      data-testid={`${prefix}-user-${user.nick}`}
                    />
                    <label id={`${id}-label`} htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer flex-col text-sm">
                      <span className="truncate font-medium">{user.name || user.nick}</span>
                      <span className="truncate text-xs text-muted">{user.nick}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {usersError ? (
            <p role="alert" className="text-xs font-medium text-danger" data-testid={`error-${prefix}-users`}>
              {usersError}
            </p>
          ) : (
            <p className="text-xs text-muted">{t('rooms.selectedCount', { count: selected.length })}</p>
          )}
        </div>
      ) : null}
    </>
  );
}
