import { ExclamationCircleIcon } from '@heroicons/react/20/solid';

/** The answer of a failed submit, announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
    >
      <ExclamationCircleIcon aria-hidden="true" className="mt-px size-5 shrink-0 text-red-600" />
      <p>{message}</p>
    </div>
  );
}
