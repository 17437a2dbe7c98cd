/**
 * Copies `text` to the clipboard. Where there is no clipboard (plain http, permission denied) it
 * focuses and selects `field`, which shows the same text, so Ctrl+C takes it. Says which happened,
 * for the caller's message.
 */
export async function copyOrSelect(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<'copied' | 'selected'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    return 'selected';
  }
}
