import { useId, type ReactNode } from 'react';

/** One section of the Settings screen: a card labelled by its heading. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
