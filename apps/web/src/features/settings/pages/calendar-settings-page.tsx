import { PageHeader } from '@/components/page-header';
import { useT } from '@/lib/i18n/use-t';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { RemindersSection } from '../components/reminders-section';

/** Calendar & reminders (issue #20 items 6 and 7), reached from the profile. */
export default function CalendarSettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('settings.calendar.title')} back />
      <div className="flex flex-col gap-5 px-4 py-5">
        <CalendarFeedSection />
        <RemindersSection />
      </div>
    </>
  );
}
