import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nameOfFile, type ResourceDefinition, type SchemaContext } from '../../domain/resources/define';
import { saveMessageKey } from '../../domain/status-codes';
import { isApiFailure } from '../api/client';
import { createResource, resourceKeys, updateResource, type ParentFilter, type Row } from '../api/resources';
import { failureText, successText, translateMessage } from '../app/messages';
import { useUser } from '../app/session';
import { useSnackbar } from '../ui/snackbar';
import { mapIssues, toFormValues, type FormValues } from './form-values';
import type { ResourceForm } from './resource-fields';

interface Options {
  definition: ResourceDefinition;
  mode: 'create' | 'update';
  row?: Row | null;
  /** the corp the schema checks against (SchemaContext.corp), when known */
  corp?: SchemaContext['corp'];
  /** a child row's parent: its id is part of the body */
  parent?: ParentFilter;
  /** after a successful save (status < 400) */
  onSaved?: (saved: Row | undefined) => void;
}

/** A multipart body: the values as one `json` part, each chosen file as a part of its field's name. */
function toMultipart(body: Record<string, unknown>, files: Record<string, File | null>): FormData {
  const form = new FormData();
  form.append('json', JSON.stringify(body));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, file.name);
  return form;
}

/**
 * A create/edit form of a definition (F-DLG-01..05): react-hook-form with the SAME zod schema as the
 * server, the save call, the 3 s snackbar from the status, server issues mapped back onto fields.
 */
export function useResourceForm({ definition, mode, row, corp, parent = null, onSaved }: Options) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const [bannerErrors, setBannerErrors] = useState<string[]>([]);

  const ctx = useMemo<SchemaContext>(
    () => ({ mode, actor: { id: user.id, level: user.level, corpId: user.corpId }, ...(corp ? { corp } : {}) }),
    [mode, user.id, user.level, user.corpId, corp],
  );
  const schema = useMemo(() => definition.schema(ctx), [definition, ctx]);
  const defaultValues = useMemo(() => {
    const values = toFormValues(definition, ctx, row);
    return parent ? { ...values, [parent.field]: parent.id } : values;
  }, [definition, ctx, row, parent]);
  // errors show from the first save on, then follow every change: validating on blur made the error
  // text appear under the field just left, moving the control under the pointer before the click landed
  const form: ResourceForm = useForm<FormValues, unknown, FormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });

  // the files chosen for the file fields: kept beside the form values (the schema knows no File)
  const [files, setFiles] = useState<Record<string, File | null>>({});
  /** how many times the form was reset: a key that gives file inputs a fresh element */
  const [resets, setResets] = useState(0);
  const fileFields = useMemo(() => definition.fields.filter((f) => f.kind === 'file'), [definition]);
  const setFile = (name: string, file: File | null) => {
    setFiles((all) => ({ ...all, [name]: file }));
    form.clearErrors(name);
    // a hold music is named after its file unless the user named it (C-MOH-02)
    const nameField = fileFields.find((f) => f.name === name)?.file?.nameField;
    if (nameField && file && !form.getValues(nameField)) form.setValue(nameField, nameOfFile(file.name));
  };
  /** the form as new (an inline create form after a save) */
  const reset = () => {
    form.reset(defaultValues);
    setFiles({});
    setResets((n) => n + 1);
  };

  const mutation = useMutation({
    mutationFn: (values: FormValues) => {
      const withParent = parent ? { ...values, [parent.field]: parent.id } : values;
      const body = mode === 'create' ? withParent : { ...withParent, [definition.idField]: row?.[definition.idField] };
      // with file fields the body goes as multipart: the JSON part and the chosen files
      const payload = fileFields.length > 0 ? toMultipart(body, files) : body;
      return mode === 'create' ? createResource(definition, payload) : updateResource(definition, payload);
    },
    onSuccess: async (response) => {
      const mapped = saveMessageKey(response.status, mode);
      notifySave(mapped.ok ? successText(t, mapped.key) : t(mapped.key), mapped.ok ? 'success' : 'danger');
      setBannerErrors([]);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(definition) });
      onSaved?.(response.data);
    },
    onError: (error) => {
      if (!isApiFailure(error)) {
        notifySave(t('errors.default'), 'danger');
        return;
      }
      // F-DLG-03: the form stays open; the message comes from the status (F-DLG-04)
      notifySave(failureText(t, (k) => i18n.exists(k), error, mode), 'danger');
      const mapped = mapIssues(
        error.body.issues,
        definition.fields.map((f) => f.name),
      );
      for (const issue of mapped.fields) form.setError(issue.name, { type: 'server', message: issue.message });
      setBannerErrors(mapped.other.map((m) => translateMessage(t, m)));
    },
  });

  const submit = form.handleSubmit((values) => {
    // a file a new row needs (the server says so too; C-IVR-07 says 'no audio' in a snackbar)
    const missing = mode === 'create' ? fileFields.filter((f) => (f.file?.requiredOnCreate || f.file?.requiredWhen?.(values)) && !files[f.name]) : [];
    for (const field of missing) form.setError(field.name, { type: 'required', message: field.file?.missingKey ?? 'validation.fileRequired' });
    if (missing.length > 0) {
      notifySave(t(missing[0].file?.missingKey ?? 'validation.fileRequired'), 'danger');
      return;
    }
    mutation.mutate(values);
  });
  return { form, ctx, submit, saving: mutation.isPending, bannerErrors, files, setFile, reset, resets };
}
