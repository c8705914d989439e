import { ChevronLeftIcon } from '@heroicons/react/24/outline';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '@/lib/i18n/use-t';

/**
 * Goes back when navigation state says where the user came from, else to `fallback`: / (docs/product.md#navigation),
 * or e.g. the room for its chat.
 */
export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  return (
    <button
      type="button"
      aria-label={t('common.back')}
      onClick={() => {
        if (from) void navigate(-1);
        else void navigate(fallback);
      }}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-200"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-6" />
    </button>
  );
}
