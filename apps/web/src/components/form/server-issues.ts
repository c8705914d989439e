import { isApiError } from '@/lib/api-error';

/**
 * The messages of a 400's `issues` (docs/api/README.md#envelope) that name one of the form's fields, keyed by that field:
 * `fieldFor` maps an issue path (`username`, `room.name`; a leading `body.` is dropped) to the field, or null for
 * an issue the form has no field for. The first issue of a field wins. Empty for any other failure.
 */
export function fieldIssues<F extends string>(
  error: unknown,
  fieldFor: (path: string) => F | null | undefined,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error) || error.status !== 400) return found;
  for (const issue of error.issues) {
    const field = fieldFor(issue.path.replace(/^body\./, ''));
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}

/** `fieldFor` for a form whose fields are named as the request's top-level keys (`names`), e.g. `email`. */
export function topLevelFields<F extends string>(...names: F[]): (path: string) => F | null {
  return (path) => {
    const first = path.split('.')[0];
    return names.find((name) => name === first) ?? null;
  };
}

/** Puts each field's server message on it (react-hook-form's `setError`); true when any was placed. */
export function placeFieldIssues<F extends string>(
  error: unknown,
  fieldFor: (path: string) => F | null | undefined,
  setError: (field: F, error: { type: string; message: string }) => void,
): boolean {
  const issues = Object.entries(fieldIssues(error, fieldFor)) as [F, string][];
  for (const [field, message] of issues) setError(field, { type: 'server', message });
  return issues.length > 0;
}
