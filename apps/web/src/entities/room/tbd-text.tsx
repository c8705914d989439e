import { useT } from '@/lib/i18n/use-t';

/**
 * "Date TBD" / "Venue TBD" (zh 日期待定 / 地点待定) in place of a room's placeholder date and time or venue (issue 37
 * item 1; docs/api/README.md#date-and-venue-tbd). Never the placeholder itself: it is no plan.
 */
export function TbdText({ what, className = '' }: { what: 'date' | 'venue'; className?: string }) {
  const t = useT();
  return (
    <span data-tbd={what} className={`font-medium text-amber-800 dark:text-amber-300 ${className}`}>
      {t(what === 'date' ? 'rooms.tbd.date' : 'rooms.tbd.venue')}
    </span>
  );
}

/** The text of `TbdText`, for a string (a share text, a dialog's sentence). */
export function useTbdLabels() {
  const t = useT();
  return { date: t('rooms.tbd.date'), venue: t('rooms.tbd.venue') };
}
