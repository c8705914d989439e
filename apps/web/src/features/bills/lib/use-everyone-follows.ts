import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { BillDraft } from './bill-draft';

/** Whether `ids` are exactly `memberIds`, in any order. */
function sameMembers(ids: readonly number[], memberIds: readonly number[]): boolean {
  const set = new Set(ids);
  return set.size === memberIds.length && memberIds.every((id) => set.has(id));
}

/**
 * A new bill's default split is everyone in the room (issue 37): the form may open on a members list that is
 * out of date (the room page's, passed in navigation state, before the server's answer or a ROOM_UPDATED frame
 * brings someone who just joined). While the equal split is still "everyone" as the form knew it, it follows the
 * members list; once the person has ticked or unticked someone, their choice stays as it is.
 */
export function useEveryoneFollowsMembers(
  memberIds: readonly number[],
  setDraft: Dispatch<SetStateAction<BillDraft>>,
  enabled: boolean,
) {
  const known = useRef(memberIds);
  const key = memberIds.join(',');
  useEffect(() => {
    const before = known.current;
    known.current = memberIds;
    if (!enabled || sameMembers(before, memberIds)) return;
    setDraft((draft) => (sameMembers(draft.equal, before) ? { ...draft, equal: [...memberIds] } : draft));
    // The list's content (key) is what matters, not the array's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, setDraft]);
}
