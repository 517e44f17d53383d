import { Alert, Button, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useProjects } from '../../../lib/public-api/index.js';
import { ProjectCard } from './ProjectCard.js';

/** The projects and their olympiads, from olympus-suite/api/projects/?showUpcoming=true. */
export function ProjectList() {
  const projects = useProjects();
  if (projects.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading olympiads">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={220} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (projects.isError) {
    return (
      <Alert color="red" variant="light" title="We could not load the olympiads" role="alert">
        <Text size="sm" mb="sm">
          {projects.error.message}
        </Text>
        <Button size="xs" variant="default" onClick={() => void projects.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (projects.data.length === 0) return <Text>No olympiads are published yet. Please come back soon.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {projects.data.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </SimpleGrid>
  );
}
