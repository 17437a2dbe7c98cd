import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVEL } from '../../domain/levels';
import type { CorpActions } from '../../domain/destinations';
import { corpActionsQuery } from '../api/resources';
import { useScope, useUser } from '../app/session';
import { destinationLabel } from './destination-options';

/**
 * The corp's action lookup (GET corp/actions, F-CONST-01) and the corp it belongs to: the user's
 * own, or the supervisor's working corp, or the corp the supervisor chose in a form (`chosenCorp`).
 * Fetched only when `enabled` (a list with a destination column, a dialog with a destinations picker).
 */
export function useCorpActions(enabled = true, chosenCorp: number | null = null): { actions: CorpActions | undefined; corpId: number | null; loading: boolean; label: (value: unknown) => string } {
  const { t } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const supervisor = user.level === LEVEL.supervisor;
  const corpId = supervisor ? (chosenCorp ?? scope) : user.corpId;
  const query = useQuery({ ...corpActionsQuery(scope, supervisor ? chosenCorp : null), enabled: enabled && corpId !== null });
  const label = useCallback((value: unknown) => destinationLabel(query.data, value, t), [query.data, t]);
  return { actions: query.data, corpId, loading: query.isPending && enabled && corpId !== null, label };
}
