import { Outlet } from 'react-router';

/** Screens without the tab bar (public screens and pages with a back button): the whole height scrolls. */
export function StackLayout() {
  return (
    <main className="min-h-0 flex-1 overflow-y-auto">
      <Outlet />
    </main>
  );
}
