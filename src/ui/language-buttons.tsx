import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../domain/constants';
import { cn } from './cn';

/** The en / es / pt segment buttons (login page and user menu); the caller draws the group around them. */
export function LanguageButtons({ current, onPick }: { current: string; onPick: (lang: Language) => void }) {
  const { t } = useTranslation();
  return LANGUAGES.map((lang) => (
    <button
      key={lang}
      type="button"
      aria-pressed={current === lang}
      onClick={() => onPick(lang)}
      data-testid={`lang-${lang}`}
      title={t(`languages.${lang}`)}
      className={cn(
        'rounded-md px-2.5 py-1 text-xs font-semibold uppercase focus-visible:outline-2 focus-visible:outline-ring',
        current === lang ? 'bg-surface text-primary shadow-card' : 'text-muted hover:text-text',
      )}
    >
      {lang}
    </button>
  ));
}
