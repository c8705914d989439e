import { z } from 'zod';

/**
 * Bounded answers (issue #22 item 2, docs/pagination.md): every list the web app reads also takes `limit` (1–100)
 * and `cursor` (the `nextCursor` of the page before, opaque). With either, the answer is one keyset page and carries
 * `nextCursor` (null on the last page); without both, the list answers exactly as it always did.
 */
export const cursorFields = {
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a nextCursor of this list')
    .optional(),
};
// Queries that add them `.extend(cursorFields)`: a bundle can drop an unused call given a name, never a spread or a
// property read in it (`...cursorQuery.shape`), which may run a getter (the web app's build, decision 015).
export const cursorQuery = z.object(cursorFields);
export type CursorQuery = z.infer<typeof cursorQuery>;
/** The page size when a cursor comes without a limit. */
export const DEFAULT_PAGE_LIMIT = 50;
export const nextCursorField = { nextCursor: z.string().nullable().optional() };
