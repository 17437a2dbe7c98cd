import { ChartColumn, House, Phone, Settings } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColourField } from '../../../domain/resources/look-and-feel';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { loginAccentVariables } from '../../app/brand';
import { DefaultArtwork } from '../../app/login/default-artwork';

/** Live preview of the menu and the login page in the chosen colours (values are CSS colours). */
export function LookAndFeelPreview({ colours, tabName, loginImage }: { colours: Record<ColourField, string>; tabName: string; loginImage: string | null }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(1);
  const items = [
    { icon: House, label: t('nav.home') },
    { icon: Phone, label: t('nav.extension') },
    { icon: ChartColumn, label: t('nav.statistics') },
    { icon: Settings, label: t('nav.config') },
  ];
  return (
    <Card data-testid="lf-preview">
      <CardHeader>
        <CardTitle>{t('lookAndFeel.preview')}</CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-4 p-5">
        <div className="overflow-hidden rounded-xl border border-border">
          <div className="flex items-center gap-2 border-b border-border bg-surface-2 px-3 py-1.5 text-[11px] text-muted">
            <span className="size-2 rounded-full bg-danger/60" aria-hidden />
            <span className="size-2 rounded-full bg-warning/60" aria-hidden />
            <span className="size-2 rounded-full bg-success/60" aria-hidden />
            <span className="ml-2 truncate rounded bg-surface px-2 py-0.5">{tabName}</span>
          </div>
          <div className="flex h-44">
            <div className="flex w-36 flex-col gap-0.5 p-2" style={{ backgroundColor: colours.menuColor, color: colours.menuFontColor }}>
              {items.map(({ icon: Icon, label }, index) => (
                <div
                  key={label}
                  onMouseEnter={() => setHovered(index)}
                  className="flex items-center gap-2 rounded-md px-2 py-1.5 text-[11px]"
                  style={index === hovered ? { backgroundImage: `linear-gradient(${colours.hoverColor}, ${colours.hoverColor})`, boxShadow: `inset 2px 0 0 ${colours.menuIconColor}` } : undefined}
                >
                  <Icon className="size-3.5" style={{ color: colours.menuIconColor }} aria-hidden />
                  <span className="truncate">{label}</span>
                </div>
              ))}
            </div>
            <div className="flex-1 bg-app p-3">
              <div className="h-3 w-2/3 rounded bg-surface-3" />
              <div className="mt-2 h-16 rounded-lg border border-border bg-surface" />
            </div>
          </div>
        </div>
        <div
          className="relative overflow-hidden rounded-xl border border-border"
          style={{ backgroundColor: colours.backgroundColor, '--menu-icon': colours.menuIconColor, '--menu-bg': colours.menuColor } as CSSProperties}
        >
          <div className="flex flex-col items-center gap-2 px-4 py-5" style={{ color: colours.loginTextColor }}>
            {loginImage ? <img src={loginImage} alt="" className="h-14 object-contain" /> : <DefaultArtwork className="h-14" />}
            <div className="text-xs font-semibold">{t('login.title')}</div>
            <div className="h-5 w-40 rounded bg-surface/80 ring-1 ring-black/5" />
            <div className="h-5 w-40 rounded bg-surface/80 ring-1 ring-black/5" />
            {/* the sign-in button as the login page draws it (issue 13: the preset's colour, or the product's with the default colours) */}
            <div className="h-5 w-40 rounded bg-primary" style={loginAccentVariables(colours) as CSSProperties} data-testid="lf-preview-submit" />
          </div>
          <div className="h-3" style={{ backgroundColor: colours.menuColor }} />
        </div>
      </div>
    </Card>
  );
}
