/**
 * react-admin's toasts, without the ones for refused calls (SPEC §8: a 403 stays silent). A refusal reaches the
 * envelope client as an ApiError with an empty message; react-admin's own controllers (lists, bulk delete, edit)
 * then fall back to their generic 'http_error' toast with that empty message as its argument. Those are dropped
 * here; every other failure carries a message of its own and is shown as usual.
 */

import { NotificationContext, type NotificationPayload, useNotificationContext } from 'ra-core';
import { useEffect, useMemo } from 'react';
import { Notification, type NotificationProps } from 'react-admin';

const GENERIC = 'ra.notification.http_error';

/** A generic toast for an error without a message: what a refused call leaves behind. */
export const isRefusal = (n: NotificationPayload) =>
  n.message === GENERIC && n.notificationOptions?.messageArgs?._ === '';

export function QuietNotification(props: NotificationProps) {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;

  useEffect(() => {
    if (notifications.some(isRefusal)) setNotifications((list) => list.filter((n) => !isRefusal(n)));
  }, [notifications, setNotifications]);

  const quiet = useMemo(() => {
    const shown = notifications.filter((n) => !isRefusal(n));
    return {
      ...context,
      notifications: shown,
      takeNotification: () => {
        const [first] = shown;
        setNotifications((list) => list.filter((n) => n !== first && !isRefusal(n)));
        return first;
      },
    };
  }, [context, notifications, setNotifications]);

  return (
    <NotificationContext.Provider value={quiet}>
      <Notification {...props} />
    </NotificationContext.Provider>
  );
}
