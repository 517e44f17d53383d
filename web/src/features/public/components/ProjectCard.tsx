import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PublicOlympiad, PublicProject } from '#contract/index';
import { ArrowRightIcon, CalendarIcon } from '../../../components/icons.js';
import { useT } from '../../../lib/i18n/index.js';
import { useLangTo } from '../language.js';
import { olympiadStatus, writingWindow } from './olympiad-status.js';

export function ProjectCard({ project }: { project: PublicProject }) {
  const t = useT();
  const langTo = useLangTo();
  // The project's title and description are in its own language.
  const own = project.language ?? 'en';
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" component="article" aria-labelledby={`project-${project.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={`project-${project.id}`} lang={own}>
          <Anchor
            component={Link}
            to={langTo(`/${project.projectName}/home`, own)}
            c="inherit"
            fw={700}
            underline="hover"
          >
            {project.title}
          </Anchor>
        </Title>
        <Text c="dimmed" size="sm" lineClamp={3} lang={own}>
          {project.description}
        </Text>
        {project.olympiads.length > 0 ? (
          <Stack gap="xs" mt="auto">
            <Divider />
            {project.olympiads.map((olympiad) => (
              <OlympiadRow key={olympiad.id} olympiad={olympiad} own={own} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" mt="auto">
            {t('public.project.noOlympiad')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** One olympiad of a project; `own` is the language its title is written in. */
export function OlympiadRow({ olympiad, own = 'en' }: { olympiad: PublicOlympiad; own?: string }) {
  const t = useT();
  const status = olympiadStatus(olympiad);
  const dates = writingWindow(olympiad);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" lang={own}>
          {olympiad.title}
        </Text>
        <Badge color={status.color} variant="dot" radius="sm" style={{ flexShrink: 0 }}>
          {t(status.label)}
        </Badge>
      </Group>
      {dates ? (
        <Group gap={6} c="dimmed" wrap="nowrap">
          <CalendarIcon size={16} />
          <Text size="sm">{dates}</Text>
        </Group>
      ) : null}
      <Group gap="xs">
        <Button
          component={Link}
          to={`/${olympiad.varName}/login`}
          size="xs"
          variant={olympiad.open ? 'filled' : 'light'}
          rightSection={<ArrowRightIcon size={14} />}
          aria-label={t('public.olympiad.signInFor', { title: olympiad.title })}
        >
          {t('public.olympiad.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}
