import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';

/** "Log out?": Cancel keeps the session; Log out runs the logout of docs/product.md#session. A chunk of its own. */
export default function LogoutDialog({
  onConfirm,
  onCancel,
  fallbackFocusRef,
}: {
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('home.logOutTitle')}
      description={t('home.logOutDescription')}
      confirmLabel={t('home.logOutConfirm')}
      busy={false}
      tone="brand"
      onConfirm={onConfirm}
      onCancel={onCancel}
      fallbackFocusRef={fallbackFocusRef}
    />
  );
}
