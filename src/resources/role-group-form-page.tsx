import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TIMING } from '../../domain/constants';
import type { ResourceDefinition } from '../../domain/resources/define';
import { roleGroupResource } from '../../domain/resources/role-group';
import { resourceDetailQuery, type Row } from '../api/resources';
import type { NavEntry } from '../app/navigation';
import { usePaths } from '../app/paths';
import { useScope } from '../app/session';
import { Button, buttonVariants } from '../ui/button';
import { Card, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { ResourceFields } from './resource-fields';
import { useResourceForm } from './use-resource-form';

const definition = roleGroupResource as ResourceDefinition;

/** rolegroup/new and rolegroup/update (C-RG-02..07): name and the views grid; back to the list 2 s after a save. */
export default function RoleGroupFormPage({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const scope = useScope();
  const mode = entry.key === 'rolegroupNew' ? 'create' : 'update';
  const id = params.roleGroupId;
  const passed = (location.state as { row?: Row } | null)?.row;
  const detail = useQuery({ ...resourceDetailQuery(definition, id ?? '0', scope), enabled: mode === 'update' && !!id, initialData: passed });

  if (mode === 'update' && (!id || detail.isError)) {
    return (
      <Card className="p-8 text-center text-sm text-muted" data-testid="rolegroup-missing">
        {t('roleGroup.notFound')}
      </Card>
    );
  }
  if (mode === 'update' && !detail.data) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return <RoleGroupForm key={id ?? 'new'} mode={mode} row={mode === 'update' ? (detail.data ?? null) : null} />;
}

function RoleGroupForm({ mode, row }: { mode: 'create' | 'update'; row: Row | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = usePaths();
  const listPath = paths.toEntry('rolegroup');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const { form, ctx, submit, saving, bannerErrors } = useResourceForm({
    definition,
    mode,
    row,
    onSaved: () => {
      timer.current = window.setTimeout(() => navigate(listPath), TIMING.roleGroupRedirectMs);
    },
  });
  const name = t('resources.roleGroup.singular');
  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="rolegroup-form">
        <CardHeader>
          <Link to={listPath} className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })} aria-label={t('common.back')}>
            <ArrowLeft />
          </Link>
          <CardTitle className="flex-1">{mode === 'create' ? t('dialog.createTitle', { name }) : t('dialog.editTitle', { name })}</CardTitle>
        </CardHeader>
        <div className="flex flex-col gap-4 px-5 py-5">
          {bannerErrors.length > 0 ? (
            <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger">
              {bannerErrors.join(' ')}
            </div>
          ) : null}
          <ResourceFields definition={definition} form={form} ctx={ctx} row={row} columns={1} />
        </div>
        <div className="flex justify-end gap-2 border-t border-border px-5 py-4">
          <Button variant="secondary" onClick={() => navigate(listPath)} data-testid="dialog-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="dialog-submit">
            {mode === 'create' ? t('common.send') : t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
