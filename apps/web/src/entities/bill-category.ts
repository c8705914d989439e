import type { ComponentType, SVGProps } from 'react';
import {
  BeakerIcon,
  CakeIcon,
  HomeModernIcon,
  ShoppingBagIcon,
  ShoppingCartIcon,
  SparklesIcon,
  TagIcon,
  TicketIcon,
  TruckIcon,
} from '@heroicons/react/24/outline';
import { billCategories, type BillCategory } from '@outing/contract';
import type { MessageKey } from '@/lib/i18n/keys';

// A bill's category (issue 36, docs/api/README.md#bills) as the app shows it: an icon and a name in the interface's
// language. The bill form's picker, a bill's breakdown and the Spending view read the same map.

export type { BillCategory };
export { billCategories };

export interface BillCategoryLook {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The category's name (bills.json `category.<id>`). */
  label: MessageKey;
}

export const BILL_CATEGORY: Record<BillCategory, BillCategoryLook> = {
  food: { icon: CakeIcon, label: 'bills.category.food' },
  drinks: { icon: BeakerIcon, label: 'bills.category.drinks' },
  groceries: { icon: ShoppingCartIcon, label: 'bills.category.groceries' },
  transport: { icon: TruckIcon, label: 'bills.category.transport' },
  lodging: { icon: HomeModernIcon, label: 'bills.category.lodging' },
  tickets: { icon: TicketIcon, label: 'bills.category.tickets' },
  activities: { icon: SparklesIcon, label: 'bills.category.activities' },
  shopping: { icon: ShoppingBagIcon, label: 'bills.category.shopping' },
  other: { icon: TagIcon, label: 'bills.category.other' },
};

export const isBillCategory = (value: unknown): value is BillCategory =>
  typeof value === 'string' && (billCategories as readonly string[]).includes(value);
