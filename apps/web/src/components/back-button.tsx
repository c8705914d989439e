import { ChevronLeftIcon } from '@heroicons/react/24/outline';
import { useLocation, useNavigate } from 'react-router';

/** Goes back when navigation state says where the user came from, else to / (product-spec §2). */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  return (
    <button
      type="button"
      aria-label="Back"
      onClick={() => {
        if (from) void navigate(-1);
        else void navigate('/');
      }}
      className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 active:bg-slate-200"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-6" />
    </button>
  );
}
