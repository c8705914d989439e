import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { PastOutingsLink } from '@/features/balances/components/past-outings-link';
import { PaymentHandlesLink } from '@/features/payments/components/payment-handles-link';
import { CalendarSettingsLink } from '@/features/settings/components/calendar-settings-link';
import { SettingsLink } from '@/features/settings/components/settings-link';
import { useOwnDisplayName } from '@/entities/me/own-display-name';
import { ProfileHeader } from '../components/profile-header';
import { ProfileStats } from '../components/profile-stats';
import { ProfileTransactionHistory } from '../components/profile-transaction-history';

export default function ProfilePage() {
  const t = useT();
  const { user } = useAuth();
  const displayName = useOwnDisplayName();
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <div className="flex flex-col gap-6 px-4 py-6">
        <ProfileHeader user={{ ...user, displayName }} />
        <PaymentHandlesLink />
        <CalendarSettingsLink />
        <SettingsLink />
        <ProfileStats />
        <PastOutingsLink />
        <ProfileTransactionHistory />
      </div>
    </>
  );
}
