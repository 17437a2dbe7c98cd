import { useQueryClient } from '@tanstack/react-query';
import { Info, LogOut, Moon, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyUser } from '../../../domain/auth';
import type { Language } from '../../../domain/constants';
import { LEVEL_LABEL_KEY } from '../../../domain/levels';
import { myUserKey, saveLanguage, saveTheme } from '../../api/auth';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { LanguageButtons } from '../../ui/language-buttons';
import { Popover } from '../../ui/popover';
import { useSnackbar } from '../../ui/snackbar';
import { Switch } from '../../ui/switch';
import { setLanguage } from '../i18n';
import { usePaths } from '../paths';
import { useSession } from '../session';
import { applyTheme, useTheme } from '../theme';

/** Avatar, nick, corp, role label, theme and language switches, profile and sign out (A-TOP-04/05). */
export function UserMenu({ user }: { user: MyUser }) {
  const { t, i18n } = useTranslation();
  const { signOut } = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useSnackbar();
  const theme = useTheme();
  const displayName = user.name || user.nick;

  const changeTheme = (dark: boolean) => {
    const next = dark ? 1 : 0;
    applyTheme(next);
    queryClient.setQueryData<MyUser>(myUserKey, (u) => (u ? { ...u, theme: next } : u));
    saveTheme(next).catch(() => notify(t('errors.default'), 'danger'));
  };
  const changeLanguage = (lang: Language) => {
    setLanguage(lang);
    queryClient.setQueryData<MyUser>(myUserKey, (u) => (u ? { ...u, lang } : u));
    saveLanguage(lang).catch(() => notify(t('errors.default'), 'danger'));
  };

  return (
    <Popover
      testId="user-menu"
      triggerLabel={t('userMenu.open')}
      triggerClassName="flex items-center gap-2 rounded-full p-0.5 pr-1 hover:bg-surface-2 sm:rounded-lg sm:pr-2"
      trigger={
        <>
          <Avatar name={displayName} />
          <span className="hidden min-w-0 flex-col text-left leading-tight sm:flex">
            <span className="max-w-[140px] truncate text-xs font-semibold text-text">{user.nick}</span>
            <span className="max-w-[140px] truncate text-[11px] text-muted">{user.corpName}</span>
          </span>
        </>
      }
      panelClassName="w-72"
    >
      {(close) => (
        <div>
          <div className="flex items-center gap-3 border-b border-border p-4">
            <Avatar name={displayName} className="size-10 text-sm" />
            <div className="min-w-0">
              <div className="truncate font-semibold" data-testid="user-menu-nick">
                {user.nick}
              </div>
              <div className="truncate text-xs text-muted" data-testid="user-menu-corp">
                {user.corpName}
              </div>
              <Badge tone="primary" className="mt-1" data-testid="user-menu-role">
                {t(LEVEL_LABEL_KEY[user.level])}
              </Badge>
            </div>
          </div>
          <div className="flex flex-col gap-3 border-b border-border p-4">
            <div className="flex items-center justify-between gap-3">
              <span id="theme-switch-label" className="flex items-center gap-2 text-sm">
                <Moon className="size-4 text-muted" aria-hidden />
                {t('userMenu.darkTheme')}
              </span>
              <Switch checked={theme === 1} onCheckedChange={changeTheme} aria-labelledby="theme-switch-label" data-testid="theme-switch" />
            </div>
            <div className="flex items-center justify-between gap-3">
              <span id="language-label" className="text-sm">
                {t('userMenu.language')}
              </span>
              <div role="group" aria-labelledby="language-label" className="inline-flex rounded-lg border border-border bg-surface-2 p-0.5">
                <LanguageButtons current={i18n.language} onPick={changeLanguage} />
              </div>
            </div>
          </div>
          <div className="flex flex-col p-1.5">
            <button
              type="button"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                close();
                navigate(paths.toEntry('userProfile'));
              }}
              data-testid="user-menu-profile"
            >
              <UserRound className="size-4 text-muted" aria-hidden />
              {t('userMenu.editProfile')}
            </button>
            <button
              type="button"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                close();
                navigate(paths.toEntry('about'));
              }}
              data-testid="user-menu-about"
            >
              <Info className="size-4 text-muted" aria-hidden />
              {t('nav.about')}
            </button>
            <button
              type="button"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-danger hover:bg-danger-soft focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                close();
                signOut();
              }}
              data-testid="user-menu-signout"
            >
              <LogOut className="size-4" aria-hidden />
              {t('userMenu.signOut')}
            </button>
          </div>
        </div>
      )}
    </Popover>
  );
}
