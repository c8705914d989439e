import { readItem, writeItem } from './storage';

// Whether someone has signed in or signed up in this browser before (issue #21): a first-time visitor is greeted by
// the welcome screen, a returning one goes straight to the login form. Not personal: a flag, never a name.

export const RETURNING_VISITOR_KEY = 'outing.returningVisitor';

export function isReturningVisitor(): boolean {
  return readItem('local', RETURNING_VISITOR_KEY) === '1';
}

export function markReturningVisitor(): void {
  writeItem('local', RETURNING_VISITOR_KEY, '1');
}
