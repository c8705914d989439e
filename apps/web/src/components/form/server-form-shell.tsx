import type { BaseSyntheticEvent, ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

interface ServerFormShellProps {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The refusal of the last submit (`useServerForm`'s `serverError`), announced above the fields. */
  serverError: string | null;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** A form's frame: its alert, its fields, its submit button; the browser's own validation off (ours speaks). */
export function ServerFormShell({
  onSubmit,
  serverError,
  busy,
  submitLabel,
  children,
}: ServerFormShellProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormAlert message={serverError} />
      {children}
      <div className="pt-2">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
