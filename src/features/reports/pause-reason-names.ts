import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '../../../domain/resources/index';
import { canAccess } from '../../../domain/permissions';
import { resourceAccess } from '../../../domain/resources/define';
import { api } from '../../api/client';
import { resourceListQuery } from '../../api/resources';
import { useUser } from '../../app/session';

/**
 * How the agent report names a pause reason (G-RPT-01): the report returns the codes queue_log holds;
 * the corp's pause reasons (the pauseReason resource, G-PAU-01) give their names. A code no reason
 * has (deleted, or typed on a phone), or a user who may not read the reasons, shows the code itself;
 * no code at all is "No reason".
 */
export function usePauseReasonName(scope: number | null): (code: string) => string {
  const { t } = useTranslation();
  const user = useUser();
  // the resource screens' query (one cache for the reasons) for who may read them; an agent (level 4,
  // J-UX-02: its report asked the list and was refused) reads its corp's reasons as its pause dialog does
  const mayList = canAccess(user, resourceAccess(RESOURCES.pauseReason, 'read'));
  const list = useQuery({ ...resourceListQuery(RESOURCES.pauseReason, scope), retry: false, staleTime: 60_000, enabled: mayList });
  const own = useQuery({ queryKey: ['agentReasons'], queryFn: ({ signal }) => api<{ code: string; name: string }[]>('agent/reasons', { signal }), retry: false, staleTime: 60_000, enabled: !mayList });
  const names = new Map<string, string>();
  for (const row of (mayList ? list.data : own.data) ?? []) {
    // codes are unique per corp whatever their case (pause_reason_corp_code_unique)
    if (typeof row.code === 'string' && typeof row.name === 'string' && row.name !== '') names.set(row.code.toLowerCase(), row.name);
  }
  return (code) => (code === '' ? t('reports.agents.noReason') : (names.get(code.toLowerCase()) ?? code));
}
