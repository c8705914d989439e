import type { User } from '@outing/contract';
import { readItem, removeItem, writeItem } from './storage';

// Zod-free on purpose: the start-up bundle reads the token without loading the schemas.

/** localStorage key of the access token (docs/product.md#session). */
export const TOKEN_STORAGE_KEY = 'accessToken';

/** The signed-out user (docs/product.md#session). */
export const EMPTY_USER: User = Object.freeze({ id: -1, username: '', email: '', pictureUrl: '' });

export function getStoredToken(): string | null {
  return readItem('local', TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  writeItem('local', TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  removeItem('local', TOKEN_STORAGE_KEY);
}
