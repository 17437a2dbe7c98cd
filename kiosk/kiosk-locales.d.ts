/** The kiosk's texts, cut out of locales/*.json by the `callboard-kiosk-locales` plugin (vite.config.ts). */
declare module 'virtual:kiosk-locales' {
  type Texts = typeof import('../locales/en.json');
  type KioskTexts = { kiosk: Texts['kiosk']; panel: { status: Texts['panel']['status'] }; errors: Pick<Texts['errors'], 'kioskRevoked' | 'kioskKey'> };
  const locales: Record<'en' | 'es' | 'pt', KioskTexts>;
  export default locales;
}
