import { ExclamationCircleIcon } from '@heroicons/react/20/solid';

/** The answer of a failed submit, announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 dark:bg-red-950/40 px-4 py-3 text-sm font-medium text-red-800 dark:text-red-300 ring-1 ring-red-200 dark:ring-red-800"
    >
      <ExclamationCircleIcon
        aria-hidden="true"
        className="mt-px size-5 shrink-0 text-red-600 dark:text-red-300"
      />
      <p>{message}</p>
    </div>
  );
}
