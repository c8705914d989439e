import type { EndpointDeclaration } from '../endpoint.js';
import { accountEndpoints } from './account.js';
import { authEndpoints } from './auth.js';
import { billEndpoints } from './bills.js';
import { calendarEndpoints } from './calendar.js';
import { chatEndpoints } from './chat.js';
import { friendEndpoints } from './friends.js';
import { guestEndpoints } from './guests.js';
import { notificationEndpoints } from './notifications.js';
import { paymentEndpoints } from './payments.js';
import { pictureEndpoints } from './pictures.js';
import { pollEndpoints } from './polls.js';
import { pushEndpoints } from './push.js';
import { roomEndpoints } from './rooms.js';
import { systemEndpoints } from './system.js';
import { transactionEndpoints } from './transactions.js';
import { venueEndpoints } from './venues.js';

export { accountEndpoints } from './account.js';
export { authEndpoints } from './auth.js';
export { billEndpoints } from './bills.js';
export { calendarEndpoints } from './calendar.js';
export { chatEndpoints } from './chat.js';
export { friendEndpoints } from './friends.js';
export { guestEndpoints } from './guests.js';
export { notificationEndpoints } from './notifications.js';
export { paymentEndpoints } from './payments.js';
export { pictureEndpoints } from './pictures.js';
export { pollEndpoints } from './polls.js';
export { pushEndpoints } from './push.js';
export { roomEndpoints } from './rooms.js';
export { systemEndpoints } from './system.js';
export { transactionEndpoints } from './transactions.js';
export { venueEndpoints } from './venues.js';

/**
 * Every declared endpoint, by feature. The server's route test checks that each is registered and that every route
 * the server registers is one of them (decision 020).
 */
export const endpointGroups: Readonly<Record<string, Readonly<Record<string, EndpointDeclaration>>>> = {
  account: accountEndpoints,
  auth: authEndpoints,
  bills: billEndpoints,
  calendar: calendarEndpoints,
  chat: chatEndpoints,
  friends: friendEndpoints,
  guests: guestEndpoints,
  notifications: notificationEndpoints,
  payments: paymentEndpoints,
  pictures: pictureEndpoints,
  polls: pollEndpoints,
  push: pushEndpoints,
  rooms: roomEndpoints,
  system: systemEndpoints,
  transactions: transactionEndpoints,
  venues: venueEndpoints,
};
