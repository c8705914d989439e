import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CoverValues } from '../lib/room-cover';
import { suggestCover } from '../lib/suggest-cover';

/**
 * In the create form (inside its FormProvider): the cover follows the room's name (lib/suggest-cover.ts) until the
 * host picks a cover or uploads a photo; then it stays theirs. Renders nothing.
 */
export function CoverFromName() {
  const { control, getValues, setValue } = useFormContext<CoverValues & { name: string }>();
  const name = useWatch({ control, name: 'name' });
  // The cover this component set last: a different one means the host chose.
  const suggested = useRef<string | null>(null);
  useEffect(() => {
    const current = getValues('cover');
    suggested.current ??= current;
    if (current !== suggested.current) return;
    const next = suggestCover(name);
    suggested.current = next;
    if (next !== current) setValue('cover', next);
  }, [name, getValues, setValue]);
  return null;
}
