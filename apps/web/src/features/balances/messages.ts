export const BALANCES_LOAD_FAILED = 'Could not load your balances.';
export const ALL_SETTLED = "You're all settled up";
export const PAST_ROOMS_LOAD_FAILED = 'Could not load your past outings.';
export const NO_PAST_ROOMS = 'No past outings yet';
