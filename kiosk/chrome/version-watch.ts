/**
 * A TV reloads by itself when a new version is deployed (issue 4): the build writes its id into
 * /version.json (vite.config.ts) and compiles the same id into the bundle; the kiosk asks for
 * /version.json every VERSION_CHECK_MS and after each reconnect (a restart is when deploys happen),
 * and reloads once the id differs. A failed check (server down) changes nothing.
 */
export const VERSION_CHECK_MS = 5 * 60_000;

declare const __CALLBOARD_BUILD_ID__: string;

/** The id of the running bundle ('dev' under the Vite dev server, which never reloads for it). */
export const RUNNING_BUILD_ID: string = typeof __CALLBOARD_BUILD_ID__ === 'string' ? __CALLBOARD_BUILD_ID__ : 'dev';

/** Whether the deployed build differs from the running one. */
export function isNewBuild(running: string, deployed: unknown): boolean {
  if (running === 'dev') return false;
  const id = deployed && typeof deployed === 'object' ? (deployed as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 && id !== running;
}

export async function deployedBuild(): Promise<unknown> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
