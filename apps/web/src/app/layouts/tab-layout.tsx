import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav';

/** The tab screens: content 92.5% of the height (scrolls), the bottom bar 7.5% (stays put). */
export default function TabLayout() {
  return (
    <>
      <main className="h-[92.5dvh] min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </main>
      <BottomNav />
    </>
  );
}
