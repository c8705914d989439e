import { Outlet, useNavigation } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner';
import { useT } from '@/lib/i18n/use-t';

/** The app is one centred column, at most 480 px wide on a desktop, usable from 320 px. */
export function RootLayout() {
  const navigation = useNavigation();
  const t = useT();
  return (
    <div className="relative mx-auto flex h-dvh w-full max-w-[480px] min-w-[320px] flex-col overflow-hidden bg-slate-50 sm:shadow-xl sm:shadow-slate-300/40">
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label={t('common.loadingPage')}
          className="absolute inset-x-0 top-0 z-20 h-1 animate-pulse bg-brand-500"
        />
      )}
      <OfflineBanner />
      <Outlet />
    </div>
  );
}
