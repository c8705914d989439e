/** `https://host/v1/calendar/x.ics` → `webcal://host/v1/calendar/x.ics`: calendar apps open it as a subscription. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** Copies `text`; false when the browser refuses (no clipboard, no permission). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
