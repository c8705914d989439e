// The colour theme (decision 010): Light, Dark, or System (the default: the device's `prefers-color-scheme`, followed
// live). The choice is kept on this device; the page shows it through data-theme="light|dark" on <html>, which
// index.css reads. Applied by the boot script before the first paint, and again by the entry (dev, tests).
import { readItem, writeItem } from './storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const KEY = 'outing.theme';
/** <meta name="theme-color">: the browser's bar matches the top of the screen in each theme. */
const BAR_COLOUR: Record<Theme, string> = { light: '#6d28d9', dark: '#0b1120' };

export function getThemeChoice(): ThemeChoice {
  const stored = readItem('local', KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function systemPrefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

export function resolveTheme(choice: ThemeChoice = getThemeChoice()): Theme {
  if (choice === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return choice;
}

const listeners = new Set<() => void>();

export function applyTheme(theme: Theme = resolveTheme()): void {
  const root = document.documentElement;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOUR[theme]);
}

export function setThemeChoice(choice: ThemeChoice): void {
  writeItem('local', KEY, choice);
  applyTheme(resolveTheme(choice));
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called when the choice or (under System) the device's preference changes. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let following = false;
/** Under System, follow the device when it switches (sunset, a control-centre toggle) without a reload. */
export function followSystemTheme(): void {
  if (following) return;
  following = true;
  try {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (getThemeChoice() !== 'system') return;
      applyTheme();
      for (const listener of listeners) listener();
    });
  } catch {
    // No matchMedia (old browsers, tests): the theme set at start stays.
  }
}
