import { Alert, Button, Group, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.js';
import { Link } from 'react-router';
import { useLogout, useSessionUser } from '../../../lib/session/index.js';

/** On the sign-in page, for someone who is signed in already (e.g. sent here by a role guard). */
export function SignedInNotice() {
  const user = useSessionUser();
  const t = useT();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Alert variant="light" title={t('sitting.signin.signedInAs', { name: user.name })} mb="lg">
      <Text size="sm" mb="sm">
        {t('sitting.signin.notOpen', { role: user.role })}
      </Text>
      <Group gap="sm">
        <Button component={Link} to={user.home} size="xs">
          {t('sitting.signin.myArea')}
        </Button>
        <Button variant="default" size="xs" onClick={() => logout.mutate()} loading={logout.isPending}>
          {t('learner.signOut')}
        </Button>
      </Group>
    </Alert>
  );
}
