import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureApiEffects } from '../../lib/api/index.js';

/** Gives the API client its screen effects: notifications, and the way to /login. */
export function ApiEffects() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApiEffects({
      toLogin: () => void navigate('/login', { replace: true }),
      notify: (kind, message) =>
        notifications.show({
          color: kind === 'error' ? 'red' : 'green',
          title: kind === 'error' ? 'Something went wrong' : 'Done',
          message,
          autoClose: kind === 'error' ? 8000 : 4000,
        }),
    });
  }, [navigate]);
  return null;
}
