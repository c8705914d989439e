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
import type { BillCategory } from '@outing/contract';
import type { MessageKey } from '@/lib/i18n/keys';

// A bill's category (issue 36, docs/api/README.md#bills) as the app shows it: an icon and a name in the interface's
// language (spending.json `category.<id>`). The bill form's picker, a bill's breakdown and the Spending view read the
// same map. No value of the contract is imported here (its schemas would come with it, decision 015).

export type { BillCategory };

export interface BillCategoryLook {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The category's name, `t(label)`. */
  label: MessageKey;
}

export const BILL_CATEGORIES: Record<BillCategory, BillCategoryLook> = {
  food: { icon: CakeIcon, label: 'spending.category.food' },
  drinks: { icon: BeakerIcon, label: 'spending.category.drinks' },
  groceries: { icon: ShoppingCartIcon, label: 'spending.category.groceries' },
  transport: { icon: TruckIcon, label: 'spending.category.transport' },
  lodging: { icon: HomeModernIcon, label: 'spending.category.lodging' },
  tickets: { icon: TicketIcon, label: 'spending.category.tickets' },
  activities: { icon: SparklesIcon, label: 'spending.category.activities' },
  shopping: { icon: ShoppingBagIcon, label: 'spending.category.shopping' },
  other: { icon: TagIcon, label: 'spending.category.other' },
};

/** The categories in the order a picker lists them (the contract's `billCategories`). */
export const BILL_CATEGORY_ORDER = Object.keys(BILL_CATEGORIES) as BillCategory[];

export const isBillCategory = (value: unknown): value is BillCategory =>
  typeof value === 'string' && Object.hasOwn(BILL_CATEGORIES, value);
