import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Palette, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { TIMING } from '../../../domain/constants';
import {
  checkImage,
  COLOUR_FIELDS,
  DEFAULT_COLOURS,
  IMAGE_FIELDS,
  IMAGE_MAX_BYTES,
  lookAndFeelSchema,
  normaliseColour,
  PRESETS,
  type ColourField as ColourFieldName,
  type ImageField as ImageFieldName,
  type LookAndFeel,
  type LookAndFeelInput,
} from '../../../domain/resources/look-and-feel';
import { isApiFailure } from '../../api/client';
import { lookAndFeelKey, lookAndFeelQuery, saveLookAndFeel } from '../../api/look-and-feel';
import { cssColour, DEFAULT_TITLE } from '../../app/brand';
import { failureText, successText, translateMessage } from '../../app/messages';
import { usePaths } from '../../app/paths';
import { useScope } from '../../app/session';
import { STORAGE_KEYS } from '../../app/session-store';
import { Button } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { formatBytes } from '../../ui/gauge-math';
import { Input } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';
import { Spinner } from '../../ui/spinner';
import { ColourField } from './colour-field';
import { ImageField, type ChosenImage } from './image-field';
import { LookAndFeelPreview } from './preview';

type Values = LookAndFeelInput;
type Output = z.output<typeof lookAndFeelSchema>;
const IMAGE_NAMES = Object.keys(IMAGE_FIELDS) as ImageFieldName[];
const PRESET_NAMES = Object.keys(PRESETS) as (keyof typeof PRESETS)[];

/** Look and feel (C-LF-01..14): six colours, three images, tab name, defaults, presets, live preview. */
export default function LookAndFeelPage() {
  const { t } = useTranslation();
  const scope = useScope();
  const current = useQuery(lookAndFeelQuery(scope));
  if (current.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return <LookAndFeelForm key={String(scope)} initial={current.data ?? null} />;
}

function LookAndFeelForm({ initial }: { initial: LookAndFeel | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const paths = usePaths();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const timer = useRef<number | undefined>(undefined);
  const [images, setImages] = useState<Partial<Record<ImageFieldName, ChosenImage>>>({});
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageFieldName, string>>>({});

  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(lookAndFeelSchema),
    defaultValues: {
      ...DEFAULT_COLOURS,
      ...(initial ? Object.fromEntries(COLOUR_FIELDS.map((f) => [f, normaliseColour(initial[f] || DEFAULT_COLOURS[f])])) : {}),
      tabName: initial?.tabName ?? '',
    },
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as Values;

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );
  // previews are object URLs; free them when replaced or when leaving
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(() => () => Object.values(imagesRef.current).forEach((i) => i && URL.revokeObjectURL(i.preview)), []);

  const save = useMutation({
    mutationFn: (body: Output) => {
      const data = new FormData();
      for (const field of COLOUR_FIELDS) data.append(field, normaliseColour(String(body[field])));
      data.append('tabName', body.tabName ?? '');
      // C-LF-10: images only when chosen
      for (const name of IMAGE_NAMES) {
        const chosen = images[name];
        if (chosen) data.append(IMAGE_FIELDS[name].upload, chosen.file, chosen.file.name);
      }
      return saveLookAndFeel(data);
    },
    onSuccess: (saved, body) => {
      notifySave(successText(t, 'messages.updated'), 'success');
      void queryClient.invalidateQueries({ queryKey: lookAndFeelKey });
      const title = (saved?.tabName ?? body.tabName ?? '').trim();
      // C-LF-13: wait 1.2 s, set the title and the stored tab name, go to the configuration home
      timer.current = window.setTimeout(() => {
        document.title = title || DEFAULT_TITLE;
        localStorage.setItem(STORAGE_KEYS.tabName, title);
        navigate(paths.toEntry('configHome'));
      }, TIMING.lookAndFeelRedirectMs);
    },
    onError: (error) => {
      notifySave(isApiFailure(error) ? failureText(t, (k) => i18n.exists(k), error, 'update') : t('errors.default'), 'danger');
    },
  });

  const pickImage = async (name: ImageFieldName, file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = checkImage(name, bytes);
    if (problem) {
      setImageErrors((e) => ({ ...e, [name]: t(problem, { max: formatBytes(IMAGE_MAX_BYTES) }) }));
      return;
    }
    setImageErrors((e) => ({ ...e, [name]: undefined }));
    setImages((all) => {
      const previous = all[name];
      if (previous) URL.revokeObjectURL(previous.preview);
      return { ...all, [name]: { file, preview: URL.createObjectURL(file) } };
    });
  };
  const clearImage = (name: ImageFieldName) =>
    setImages((all) => {
      const previous = all[name];
      if (previous) URL.revokeObjectURL(previous.preview);
      const next = { ...all };
      delete next[name];
      return next;
    });

  const applyColours = (colours: Record<ColourFieldName, string>) => {
    for (const field of COLOUR_FIELDS) form.setValue(field, colours[field], { shouldDirty: true, shouldValidate: true });
  };

  const fieldError = (name: keyof Values) => {
    const message = form.formState.errors[name]?.message;
    return typeof message === 'string' ? translateMessage(t, message) : undefined;
  };

  const previewColours = Object.fromEntries(COLOUR_FIELDS.map((f) => [f, cssColour(values[f]) ?? cssColour(DEFAULT_COLOURS[f])!])) as Record<ColourFieldName, string>;

  return (
    <form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_380px]" data-testid="look-and-feel-form">
      <div className="flex min-w-0 flex-col gap-5">
        <Card>
          <CardHeader>
            <CardTitle className="flex-1">{t('lookAndFeel.colours')}</CardTitle>
            <Button variant="secondary" size="sm" onClick={() => applyColours(DEFAULT_COLOURS)} data-testid="lf-default">
              <RotateCcw />
              {t('lookAndFeel.defaultColours')}
            </Button>
          </CardHeader>
          <div className="flex flex-col gap-5 p-5">
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('lookAndFeel.presetsLabel')}>
              <span className="mr-1 text-xs font-medium text-muted">{t('lookAndFeel.presetsLabel')}</span>
              {PRESET_NAMES.map((name) => (
                <button
                  key={name}
                  type="button"
                  onClick={() => applyColours(PRESETS[name])}
                  data-testid={`lf-preset-${name}`}
                  className="inline-flex h-8 items-center gap-2 rounded-full border border-border bg-surface px-3 text-xs font-medium shadow-card hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="size-3.5 rounded-full ring-1 ring-border" style={{ backgroundColor: cssColour(PRESETS[name].menuColor) ?? undefined }} aria-hidden />
                  {t(`lookAndFeel.presets.${name}`)}
                </button>
              ))}
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {COLOUR_FIELDS.map((field) => (
                <Controller
                  key={field}
                  control={form.control}
                  name={field}
                  render={({ field: f }) => (
                    <ColourField
                      id={field}
                      label={t(`resources.lookAndFeel.fields.${field}`)}
                      value={String(f.value ?? '')}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      error={fieldError(field)}
                    />
                  )}
                />
              ))}
            </div>
          </div>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('lookAndFeel.images')}</CardTitle>
          </CardHeader>
          <div className="grid grid-cols-1 gap-4 p-5 md:grid-cols-3">
            {IMAGE_NAMES.map((name) => (
              <ImageField
                key={name}
                name={name}
                label={t(`resources.lookAndFeel.fields.${name}`)}
                current={initial?.[name] ?? null}
                chosen={images[name] ?? null}
                error={imageErrors[name]}
                onPick={(file) => void pickImage(name, file)}
                onClear={() => clearImage(name)}
              />
            ))}
          </div>
        </Card>

        <Card className="p-5">
          <FormField id="lf-tabName" label={t('resources.lookAndFeel.fields.tabName')} error={fieldError('tabName')} hint={t('lookAndFeel.tabNameHint')}>
            <Input id="lf-tabName" data-testid="lf-tabName" maxLength={60} {...form.register('tabName')} />
          </FormField>
        </Card>

        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={save.isPending} data-testid="lf-save">
            <Palette />
            {t('common.save')}
          </Button>
        </div>
      </div>

      <div className="min-w-0 xl:sticky xl:top-0 xl:self-start">
        <LookAndFeelPreview colours={previewColours} tabName={values.tabName || DEFAULT_TITLE} loginImage={images.loginImage?.preview ?? initial?.loginImage ?? null} />
      </div>
    </form>
  );
}
