import { PageHeader } from '@/components/page-header';
import { useT } from '@/lib/i18n/use-t';
import { AccountSection } from '../components/account-section';
import { AppearanceSection } from '../components/appearance-section';
import { NotificationsSection } from '../components/notifications-section';

/** Settings (issue #21): appearance, notifications and the account, reached from the profile. */
export default function SettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('settings.page.title')} back />
      <div className="flex flex-col gap-5 px-4 py-5">
        <AppearanceSection />
        <NotificationsSection />
        <AccountSection />
      </div>
    </>
  );
}
