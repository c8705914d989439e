import { Cog6ToothIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { SettingsLinkRow } from './link-row';

/** The profile's way to Settings (theme, language, notifications, account). */
export function SettingsLink() {
  const t = useT();
  return (
    <SettingsLinkRow
      to="/settings"
      icon={Cog6ToothIcon}
      title={t('settings.page.title')}
      subtitle={t('settings.page.linkSubtitle')}
    />
  );
}
