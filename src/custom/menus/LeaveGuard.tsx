/** Asks before leaving the menu editor with unsaved changes: in-app moves get a dialog, closing the tab the browser's. */
import { useBlocker } from 'ra-core';
import { useEffect } from 'react';
import { Confirm } from 'react-admin';

export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [when]);
  return (
    <Confirm
      isOpen={blocker.state === 'blocked'}
      title="menus.leave.title"
      content="menus.leave.body"
      confirm="menus.leave.leave"
      cancel="menus.leave.stay"
      confirmColor="warning"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
