import { queryOptions } from '@tanstack/react-query';
import type { LookAndFeel } from '../../domain/resources/look-and-feel';
import { api } from './client';

export const lookAndFeelKey = ['lookAndFeel'] as const;

/** GET /lookandfeel/{corpName}, without a token (A-LOG-05). */
export function publicLookAndFeelQuery(corpName: string) {
  return queryOptions({
    queryKey: [...lookAndFeelKey, 'public', corpName],
    queryFn: ({ signal }) => api<LookAndFeel>(`lookandfeel/${encodeURIComponent(corpName)}`, { auth: false, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /lookandfeel: the signed-in user's (or the level 1 working corp's) look and feel. */
export function lookAndFeelQuery(scope: number | null) {
  return queryOptions({
    queryKey: [...lookAndFeelKey, 'detail', scope],
    queryFn: ({ signal }) => api<LookAndFeel>('lookandfeel', { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** PUT /lookandfeel multipart (C-LF-12); images only when chosen (C-LF-10). */
export function saveLookAndFeel(form: FormData): Promise<LookAndFeel> {
  return api<LookAndFeel>('lookandfeel', { method: 'PUT', body: form });
}
