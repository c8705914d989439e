import { useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { placeFieldIssues } from './server-issues';
import { useSubmitGuard } from './use-submit-guard';

export interface ServerForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** What the last refused call said, for the form's alert (`ServerFormShell`); each submit clears it. */
  serverError: string | null;
  /** A refused call: `message` above the form, and a 400's issues on the fields `fieldFor` maps them to. */
  refuse: (error: unknown, message: string, fieldFor: (path: string) => Path<T> | null | undefined) => void;
  /** The form's `onSubmit`: the fields' own checks first, then `run` with the values, one submit at a time. */
  submit: (run: (values: T) => Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * A react-hook-form form that sends its values to the server: one submit at a time (`useSubmitGuard`), the last
 * refusal cleared when the next submit starts, and a refusal shown above the form and on the fields it names.
 * Whatever was typed stays in the fields when a call fails.
 */
export function useServerForm<T extends FieldValues>(defaultValues: DefaultValues<T>): ServerForm<T> {
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<T>({ defaultValues });
  return {
    form,
    serverError,
    refuse: (error, message, fieldFor) => {
      setServerError(message);
      placeFieldIssues(error, fieldFor, form.setError);
    },
    submit: (run) =>
      form.handleSubmit(
        guard(async (values: T) => {
          setServerError(null);
          await run(values);
        }),
      ),
  };
}
