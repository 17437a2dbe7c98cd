import { ImageUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_FIELDS, type ImageField as ImageFieldName } from '../../../domain/resources/look-and-feel';
import { Button } from '../../ui/button';

export interface ChosenImage {
  file: File;
  preview: string;
}

/** One image upload with preview (C-LF-02, C-LF-07..09); the check happens before sending. */
export function ImageField({
  name,
  label,
  current,
  chosen,
  error,
  onPick,
  onClear,
}: {
  name: ImageFieldName;
  label: string;
  current: string | null;
  chosen: ChosenImage | null;
  error?: string;
  onPick: (file: File) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const spec = IMAGE_FIELDS[name];
  const shown = chosen?.preview ?? current;
  const id = `lf-image-${name}`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2 p-3">
      <div className="flex flex-col">
        <span className="text-xs font-medium text-text">{label}</span>
        <span className="text-[11px] text-muted">
          {spec.accept.map((a) => a.replace('image/', '').toUpperCase()).join(', ')} · {spec.hint}
        </span>
      </div>
      <div className="flex h-24 items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-surface">
        {shown ? <img src={shown} alt="" className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-muted">{t('lookAndFeel.defaultImage')}</span>}
      </div>
      <div className="flex items-center gap-2">
        <label
          htmlFor={id}
          className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface px-3 text-xs font-medium shadow-card hover:bg-surface-3 focus-within:outline-2 focus-within:outline-ring"
        >
          <ImageUp className="size-4" aria-hidden />
          {t('lookAndFeel.choose')}
          <input
            id={id}
            type="file"
            accept={spec.accept.join(',')}
            className="sr-only"
            data-testid={id}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onPick(file);
              e.target.value = '';
            }}
          />
        </label>
        {chosen ? (
          <>
            <span className="min-w-0 flex-1 truncate text-xs text-muted">{chosen.file.name}</span>
            <Button variant="ghost" size="icon-sm" onClick={onClear} aria-label={t('lookAndFeel.clearImage')}>
              <X />
            </Button>
          </>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
