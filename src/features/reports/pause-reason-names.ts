import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '../../../domain/resources/index';
import { resourceListQuery } from '../../api/resources';

/**
 * How the agent report names a pause reason (G-RPT-01): the report returns the codes queue_log holds;
 * the corp's pause reasons (the pauseReason resource, G-PAU-01) give their names. A code no reason
 * has (deleted, or typed on a phone), or a user who may not read the reasons, shows the code itself;
 * no code at all is "No reason".
 */
export function usePauseReasonName(scope: number | null): (code: string) => string {
  const { t } = useTranslation();
  // the resource screens' query (one cache for the reasons); a refusal is no reason to retry
  const list = useQuery({ ...resourceListQuery(RESOURCES.pauseReason, scope), retry: false, staleTime: 60_000 });
  const names = new Map<string, string>();
  for (const row of list.data ?? []) {
    // codes are unique per corp whatever their case (pause_reason_corp_code_unique)
    if (typeof row.code === 'string' && typeof row.name === 'string' && row.name !== '') names.set(row.code.toLowerCase(), row.name);
  }
  return (code) => (code === '' ? t('reports.agents.noReason') : (names.get(code.toLowerCase()) ?? code));
}
