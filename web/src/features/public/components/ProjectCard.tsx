import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PublicOlympiad, PublicProject } from '#contract/index';
import { ArrowRightIcon, CalendarIcon } from '../../../components/icons.js';
import { olympiadStatus, writingWindow } from './olympiad-status.js';

export function ProjectCard({ project }: { project: PublicProject }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" component="article" aria-labelledby={`project-${project.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={`project-${project.id}`}>
          <Anchor component={Link} to={`/${project.projectName}/home`} c="inherit" fw={700} underline="hover">
            {project.title}
          </Anchor>
        </Title>
        <Text c="dimmed" size="sm" lineClamp={3}>
          {project.description}
        </Text>
        {project.olympiads.length > 0 ? (
          <Stack gap="xs" mt="auto">
            <Divider />
            {project.olympiads.map((olympiad) => (
              <OlympiadRow key={olympiad.id} olympiad={olympiad} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" mt="auto">
            No olympiad is scheduled yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function OlympiadRow({ olympiad }: { olympiad: PublicOlympiad }) {
  const status = olympiadStatus(olympiad);
  const dates = writingWindow(olympiad);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {olympiad.title}
        </Text>
        <Badge color={status.color} variant="dot" radius="sm" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      {dates ? (
        <Group gap={6} c="dimmed">
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
          aria-label={`Learner sign in: ${olympiad.title}`}
        >
          Learner sign in
        </Button>
      </Group>
    </Stack>
  );
}
