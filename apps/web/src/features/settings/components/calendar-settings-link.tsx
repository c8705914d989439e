import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { SettingsLinkRow } from './link-row';

/** The profile's way to the calendar feed and reminder settings. */
export function CalendarSettingsLink() {
  const t = useT();
  return (
    <SettingsLinkRow
      to="/settings/calendar"
      icon={CalendarDaysIcon}
      title={t('settings.calendar.title')}
      subtitle={t('settings.calendar.linkSubtitle')}
    />
  );
}
