import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { T, useT } from '../../../lib/i18n/index.js';
import { useLangTo } from '../language.js';

/** Any path that is not a page (docs/spec.md §2, §8). */
export function NotFoundPage() {
  const location = useLocation();
  const t = useT();
  const langTo = useLangTo();
  return (
    <Stack align="flex-start" gap="md" py={64} maw={640}>
      <Text fw={700} c="olympus.7" size="sm">
        {t('public.notFound.error')}
      </Text>
      <Title order={1}>{t('public.notFound.title')}</Title>
      <Text size="lg">
        <T
          id="public.notFound.text"
          values={{ path: location.pathname }}
          components={{ 0: <Text span ff="monospace" fw={600} /> }}
        />
      </Text>
      <Group>
        <Button component={Link} to={langTo('/')}>
          {t('public.notFound.home')}
        </Button>
        <Button component={Link} to="/login" variant="default">
          {t('public.nav.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}
