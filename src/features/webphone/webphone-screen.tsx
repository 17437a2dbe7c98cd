import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Headset, PhoneOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBPHONE_WINDOW, WEBPHONE_WINDOW_FEATURES } from '../../../domain/webphone';
import { isApiFailure } from '../../api/client';
import type { NavEntry } from '../../app/navigation';
import { translateMessage } from '../../app/messages';
import { usePaths } from '../../app/paths';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { webphoneExtensionsQuery, webphonePopupPath } from './webphone-api';

/**
 * The web phone screen (B-WP-01..03, spec 1 §2 "Webphone"): a dropdown of the user's extensions of
 * port type WSS and a button that opens the softphone in a 550×650 pop-up window (the chromeless route
 * webphone/phone, its own lazy chunk with the SIP library). Without a WSS extension it says why and
 * what to ask for; with the parameter webphone off the server answers 403 and the screen says that.
 */
export default function WebphoneScreen(_props: { entry: NavEntry }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const extensions = useQuery(webphoneExtensionsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);

  if (extensions.isPending) return <Spinner className="mx-auto mt-10 size-6 text-primary" label={t('common.loading')} />;
  if (extensions.isError) {
    const message = isApiFailure(extensions.error) ? extensions.error.body.message : 'errors.server';
    return <Notice testId="webphone-error" title={t('webphone.title')} body={translateMessage(t, message)} />;
  }
  const list = extensions.data;
  if (list.length === 0) return <Notice testId="webphone-none" title={t('webphone.noneTitle')} body={t('webphone.noneBody')} />;
  const number = chosen ?? list[0].number;

  const open = () => {
    const popup = window.open(webphonePopupPath(paths.corp, paths.lang, number), WEBPHONE_WINDOW.name, WEBPHONE_WINDOW_FEATURES);
    setBlocked(!popup);
    popup?.focus();
  };

  return (
    <Card className="mx-auto mt-6 flex max-w-lg flex-col gap-5 p-6" data-testid="webphone-screen">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Headset className="size-6" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{t('webphone.title')}</h2>
          <p className="text-sm text-muted">{t('webphone.intro')}</p>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="webphone-extension">{t('webphone.extension')}</Label>
        <Select id="webphone-extension" value={number} onChange={(e) => setChosen(e.target.value)} data-testid="webphone-extension">
          {list.map((e) => (
            <option key={e.id} value={e.number}>
              {e.description ? `${e.number} · ${e.description}` : e.number}
            </option>
          ))}
        </Select>
      </div>
      <Button onClick={open} data-testid="webphone-open">
        <ExternalLink aria-hidden />
        {t('webphone.open')}
      </Button>
      {blocked ? (
        <p className="text-sm text-danger" role="alert">
          {t('webphone.popupBlocked')}
        </p>
      ) : null}
    </Card>
  );
}

function Notice({ title, body, testId }: { title: string; body: string; testId: string }) {
  return (
    <Card className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 px-8 py-12 text-center" role="status" data-testid={testId}>
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <PhoneOff className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted">{body}</p>
    </Card>
  );
}
