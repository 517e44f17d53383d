import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureApiEffects } from '../../lib/api/index.js';
import { loginPath } from '../../lib/routing/index.js';

/** How each kind of notification looks: a failure red, a success green, a neutral note (work begun) blue. */
const notice = {
  error: { color: 'red', title: 'Something went wrong' },
  success: { color: 'green', title: 'Done' },
  info: { color: 'blue', title: 'Note' },
} as const;

/**
 * Gives the API layer its screen effects: the notifications of writes (raised by the query client's
 * MutationCache from each mutation's `meta`) and of the spec's alerts, and the way to /login.
 */
export function ApiEffects() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApiEffects({
      // A session that ended mid-page: signing in again comes back here.
      toLogin: () =>
        void navigate(loginPath(`${window.location.pathname}${window.location.search}${window.location.hash}`), {
          replace: true,
        }),
      notify: (kind, message, title) =>
        notifications.show({
          color: notice[kind].color,
          title: title ?? notice[kind].title,
          message,
          autoClose: kind === 'error' ? 8000 : 4000,
        }),
    });
  }, [navigate]);
  return null;
}
