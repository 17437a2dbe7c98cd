import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LEVEL } from '../../domain/levels';
import { corpResource } from '../../domain/resources/corp';
import type { ResourceDefinition, SchemaContext } from '../../domain/resources/define';
import { parseExtenIni } from '../../domain/resources/extension';
import { resourceDetailQuery } from '../api/resources';
import { paramsQuery } from '../api/system';
import { useScope, useUser } from '../app/session';

/**
 * The corp a form's schema checks against (C-EXT-29: extLen, extMax, maxContacts; plus the global
 * exten-ini): the user's own corp, or the supervisor's working corp. Undefined until known (the
 * server checks anyway).
 */
export function useSchemaCorp(): SchemaContext['corp'] {
  const user = useUser();
  const scope = useScope();
  const corpId = user.level === LEVEL.supervisor ? scope : user.corpId;
  const corp = useQuery({ ...resourceDetailQuery(corpResource as ResourceDefinition, corpId ?? 0, scope), enabled: corpId !== null });
  const params = useQuery(paramsQuery());
  const data = corp.data;
  const extenIni = params.data?.['exten-ini'];
  return useMemo(() => {
    if (!data) return undefined;
    return {
      id: Number(data.id),
      extLen: Number(data.extLen),
      extMax: Number(data.extMax),
      maxContacts: Number(data.maxContacts),
      extenIni: parseExtenIni(extenIni),
    };
  }, [data, extenIni]);
}
