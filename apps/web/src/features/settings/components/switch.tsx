interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's accessible name (the row's words and the column's). */
  label: string;
  disabled?: boolean;
}

/** An on/off switch: a real checkbox with role=switch, a 44 px target around the drawn track. */
export function Switch({ checked, onChange, label, disabled = false }: SwitchProps) {
  return (
    <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="h-7 w-12 rounded-full bg-slate-400 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50 dark:peer-focus-visible:outline-brand-400"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2 size-5 -translate-y-1/2 rounded-full bg-white shadow transition peer-checked:translate-x-5"
      />
    </span>
  );
}
