import { queryOptions } from '@tanstack/react-query';
import { webphoneCredentialsSchema, webphoneExtensionSchema, type WebphoneCredentials, type WebphoneExtension } from '../../../domain/webphone';
import { api } from '../../api/client';

/**
 * The web phone's two calls (server/routes/webphone.ts): the user's WSS extensions for the dropdown
 * (B-WP-02) and the credentials the pop-up registers with (B-WP-03/04). Keys `['webphone', …]`.
 */
export function webphoneExtensionsQuery() {
  return queryOptions({
    queryKey: ['webphone', 'extensions'] as const,
    queryFn: async ({ signal }): Promise<WebphoneExtension[]> => webphoneExtensionSchema.array().parse(await api('webphone/extensions', { signal })),
  });
}

export function webphoneCredentialsQuery(number: string) {
  return queryOptions({
    queryKey: ['webphone', 'credentials', number] as const,
    queryFn: async ({ signal }): Promise<WebphoneCredentials> => webphoneCredentialsSchema.parse(await api(`webphone/credentials/${encodeURIComponent(number)}`, { signal })),
    // the secret is read once per pop-up; a retry would not change a 403/404/409
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The pop-up's address (B-WP-03): a chromeless route of the SPA (router.tsx). */
export { webphonePopupPath } from '../../../domain/webphone';
