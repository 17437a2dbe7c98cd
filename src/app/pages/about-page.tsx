import { ExternalLink, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';

/** Written by vite.config.ts: package.json's version and the content id of this build. */
declare const __CALLBOARD_VERSION__: string | undefined;
declare const __CALLBOARD_BUILD_ID__: string | undefined;
const VERSION = typeof __CALLBOARD_VERSION__ === 'string' ? __CALLBOARD_VERSION__ : 'dev';
const BUILD = typeof __CALLBOARD_BUILD_ID__ === 'string' ? __CALLBOARD_BUILD_ID__ : 'dev';

/** What a reader may follow from here: the API's own document and the server's health. */
const LINKS = [
  { key: 'api', href: '/api/v1/openapi.json' },
  { key: 'health', href: '/api/v1/health' },
] as const;

/** J-UX-02: About: what this is, its version and build, where to read more, and its licence. */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-6 flex max-w-2xl flex-col gap-5 px-8 py-8" data-testid="about-page">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <Info className="size-6" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Callboard</h2>
          <p className="text-sm text-muted">{t('about.summary')}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">{t('about.version')}</dt>
        <dd className="tabular-nums" data-testid="about-version">
          {VERSION}
        </dd>
        <dt className="text-muted">{t('about.build')}</dt>
        <dd className="font-mono text-xs" data-testid="about-build">
          {BUILD}
        </dd>
      </dl>
      <div className="flex flex-col gap-1.5">
        <h3 className="text-sm font-semibold">{t('about.links')}</h3>
        <ul className="flex flex-col gap-1 text-sm">
          {LINKS.map((link) => (
            <li key={link.key}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-primary hover:underline" data-testid={`about-link-${link.key}`}>
                {t(`about.link.${link.key}`)}
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-1.5" data-testid="about-licence">
        <h3 className="text-sm font-semibold">{t('about.licence')}</h3>
        <p className="text-sm text-muted">{t('about.licenceText')}</p>
        <p className="text-sm text-muted">{t('about.thirdParty')}</p>
      </div>
    </Card>
  );
}
