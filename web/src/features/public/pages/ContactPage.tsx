import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';
import { ContactForm } from '../components/ContactForm.js';
import { useProjectFrame } from '../components/ProjectHeader.js';

/** /olympus/contact: the platform team's contact page with its form. */
export function PlatformContactPage() {
  return (
    <Stack gap="lg" py="md">
      <PageHeader
        title="Contact"
        description="Questions about Olympus, entering a school or running an olympiad on the platform: write to us."
      />
      <ContactForm organisers="the Olympus team" />
    </Stack>
  );
}

/** /{projectName}/contact: the project's contact page with its form to the project's organisers. */
export function ProjectContactPage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, 'Contact');
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Stack gap="lg">
          <Text maw={760}>
            Questions about entering your school, the rules or the results of the {frame.project.title}? Write to its
            organisers here.
          </Text>
          <ContactForm projectName={frame.project.projectName} organisers="the organisers" />
        </Stack>
      ) : null}
    </Stack>
  );
}
