import { Alert, Button, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.js';
import { useProjects } from '../../../lib/public-api/index.js';
import { ProjectCard } from './ProjectCard.js';

/** The projects and their olympiads, from olympus-suite/api/projects/?showUpcoming=true. */
export function ProjectList() {
  const projects = useProjects();
  const t = useT();
  if (projects.isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="lg"
        aria-busy="true"
        aria-label={t('public.projects.loading')}
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={220} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (projects.isError) {
    return (
      <Alert color="red" variant="light" title={t('public.projects.failed')} role="alert">
        <Text size="sm" mb="sm">
          {projects.error.message}
        </Text>
        <Button size="xs" variant="default" onClick={() => void projects.refetch()}>
          {t('public.projects.retry')}
        </Button>
      </Alert>
    );
  }
  if (projects.data.length === 0) return <Text>{t('public.projects.none')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {projects.data.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </SimpleGrid>
  );
}
