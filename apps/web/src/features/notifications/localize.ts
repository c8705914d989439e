import type { Notification, NotificationKind, NotificationParams } from '@outing/contract';
import type { MessageKey } from '../../i18n/keys';
import type { t as translate } from '../../i18n/i18n';
import { formatAmount } from '../../lib/money';

type Needs = (keyof NotificationParams)[];

/**
 * The kinds whose text the client writes itself in a language other than English, from `params` (the values the
 * server's English text was made from, docs/notifications.md), and the params each needs. The others, and any
 * notification missing a param, keep the server's text.
 */
const templates: Partial<Record<NotificationKind, Needs>> = {
  friend_request: ['username'],
  friend_accepted: ['username'],
  room_invite: ['username', 'roomName'],
  invite_nudge: ['username', 'roomName'],
  waitlist_promoted: ['roomName'],
  host_transferred: ['roomName'],
  bills_consolidated: ['username', 'roomName', 'amount', 'currency'],
  transaction_paid: ['username', 'amount', 'currency'],
  transaction_undone: ['username', 'roomName', 'amount', 'currency'],
  transaction_confirmed: ['username', 'roomName', 'amount', 'currency'],
  transaction_disputed: ['username', 'roomName', 'amount', 'currency'],
};

/**
 * Title and content in the interface's language. English is the server's own text (the product spec's words);
 * another language writes it from the kind and params when it can.
 */
export function localizeNotification(
  notification: Notification,
  language: string,
  t: typeof translate,
): { title: string; content: string } {
  const { kind, params } = notification;
  const needs = kind ? templates[kind] : undefined;
  if (language === 'en' || !kind || !needs || !params || needs.some((p) => params[p] === undefined)) {
    return { title: notification.title, content: notification.content };
  }
  const values = {
    username: params.username ?? '',
    roomName: params.roomName ?? '',
    money: params.amount !== undefined && params.currency ? formatAmount(params.amount, params.currency) : '',
  };
  return {
    title: t(`notifications.kind.${kind}.title` as MessageKey),
    content: t(`notifications.kind.${kind}.content` as MessageKey, values),
  };
}
