import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CORP, isLanguage } from '../../domain/constants';
import { LEVEL } from '../../domain/levels';
import { entryPath } from './navigation';
import { useSession } from './session';

/** Builds /{corp}/{lang}/{path} links from the current route (A-RTE-01). */
export function usePaths() {
  const params = useParams();
  const { user } = useSession();
  const corp = params.corp ?? (user ? (user.level === LEVEL.supervisor ? DEFAULT_CORP : user.corpUrl) : DEFAULT_CORP);
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const to = useCallback((path: string) => `/${corp}/${lang}/${path.replace(/^\//, '')}`, [corp, lang]);
  const toEntry = useCallback((key: string) => to(entryPath(key)), [to]);
  return { corp, lang, to, toEntry, home: to('home') };
}
