/**
 * Logmon and Fail2ban open external addresses in a new tab (A-MENU-06). The spec does not give the
 * addresses; we build them on the PBX host named by the `webrtcserver` parameter and hide both
 * items when that host is unknown, rather than point at a placeholder.
 */
export function hostOf(value: string | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return null;
  try {
    const url = new URL(raw.includes('://') ? raw : `https://${raw}`);
    return url.hostname || null;
  } catch {
    return null;
  }
}

export function externalHref(kind: 'logmon' | 'fail2ban', params: Record<string, string>): string | null {
  const host = hostOf(params.webrtcserver);
  if (!host) return null;
  return `https://${host}/${kind}/`;
}
