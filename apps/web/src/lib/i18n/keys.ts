// The message keys, typed from the English catalogue (the source): `t('home.noBillsToPay')` with a key that does
// not exist fails the typecheck. A new namespace is a file in locales/en and locales/zh and a line here.

import type commonMessages from './locales/en/common.json';
import type errorsMessages from './locales/en/errors.json';
import type activityMessages from './locales/en/activity.json';
import type authMessages from './locales/en/auth.json';
import type balancesMessages from './locales/en/balances.json';
import type billsMessages from './locales/en/bills.json';
import type chatMessages from './locales/en/chat.json';
import type exploreMessages from './locales/en/explore.json';
import type friendsMessages from './locales/en/friends.json';
import type guestsMessages from './locales/en/guests.json';
import type homeMessages from './locales/en/home.json';
import type notificationsMessages from './locales/en/notifications.json';
import type paymentsMessages from './locales/en/payments.json';
import type plansMessages from './locales/en/plans.json';
import type previewMessages from './locales/en/preview.json';
import type profileMessages from './locales/en/profile.json';
import type reasonsMessages from './locales/en/reasons.json';
import type roomsMessages from './locales/en/rooms.json';
import type settingsMessages from './locales/en/settings.json';
import type spendingMessages from './locales/en/spending.json';
import type transactionsMessages from './locales/en/transactions.json';

interface Namespaces {
  common: typeof commonMessages;
  errors: typeof errorsMessages;
  activity: typeof activityMessages;
  auth: typeof authMessages;
  balances: typeof balancesMessages;
  bills: typeof billsMessages;
  chat: typeof chatMessages;
  explore: typeof exploreMessages;
  friends: typeof friendsMessages;
  guests: typeof guestsMessages;
  home: typeof homeMessages;
  notifications: typeof notificationsMessages;
  payments: typeof paymentsMessages;
  plans: typeof plansMessages;
  preview: typeof previewMessages;
  profile: typeof profileMessages;
  reasons: typeof reasonsMessages;
  rooms: typeof roomsMessages;
  settings: typeof settingsMessages;
  spending: typeof spendingMessages;
  transactions: typeof transactionsMessages;
}

export type MessageKey = {
  [N in keyof Namespaces]: `${N}.${Extract<keyof Namespaces[N], string>}`;
}[keyof Namespaces];
