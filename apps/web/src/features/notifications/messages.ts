// Product-spec §2 and §8.
export const NO_NOTIFICATIONS = 'No notifications found';
export const MARK_READ_FAILED = 'Error occurred, please try again later.';
