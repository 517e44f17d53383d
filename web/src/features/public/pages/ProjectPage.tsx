import { SimpleGrid, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { useCurrentRoute } from '../../../lib/routing/index.js';
import { ProjectCard } from '../components/ProjectCard.js';
import { ProjectTagline, useProjectFrame } from '../components/ProjectHeader.js';

/** /{projectName}/home: the project's public home, with its olympiads. */
export function ProjectHomePage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, 'Home');
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <>
          <ProjectTagline text={frame.project.description} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ProjectCard project={frame.project} />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}

/** /{projectName}/about, /participation-and-rules, /past-olympiads, … : copy that comes with a later release. */
export function ProjectSubPage() {
  const { projectName = '' } = useParams();
  const route = useCurrentRoute();
  const frame = useProjectFrame(projectName, route?.title ?? '');
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? <NotAvailableYetNotice summary={route?.summary ?? ''} /> : null}
    </Stack>
  );
}
