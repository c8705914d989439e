import type { Room } from '@outing/contract';
import { useToast } from '@/hooks/use-toast';
import { t } from '@/lib/i18n/i18n';

/**
 * What is shared: the room's link (signed-out visitors get its preview), its name and when and where, in the
 * sharer's language; "Date TBD" / "Venue TBD" instead of a placeholder (docs/api/README.md#date-and-venue-tbd).
 */
export function shareData(
  room: Pick<Room, 'name' | 'url' | 'venue' | 'time' | 'date' | 'dateTbd' | 'venueTbd'>,
  when: string,
) {
  return {
    title: room.name,
    text: t('plans.shareText', {
      name: room.name,
      when: room.dateTbd ? t('rooms.tbd.date') : when,
      venue: room.venueTbd ? t('rooms.tbd.venue') : room.venue,
    }),
    url: room.url,
  };
}

/**
 * Share (issue #20 item 9): the device's share sheet when there is one, else the link is copied. A share the user
 * cancelled is not an error.
 */
export function useShare() {
  const toast = useToast();
  return async (data: { title: string; text: string; url: string }) => {
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // The sheet failed (not allowed here): fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      toast.success(t('plans.linkCopied'));
    } catch {
      toast.error(t('plans.copyFailed', { url: data.url }));
    }
  };
}
