import { Group, Radio, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { type FaqAudience, faqAudienceLabels, faqAudiences } from '#contract/content';
import { PageHeader } from '../../../components/PageHeader.js';
import { useFaqTargets } from '../api/faq-targets.js';
import { FaqEditor } from '../components/FaqEditor.js';

/** /overlord/edit/faqs: every FAQ, one group at a time (all teachers, one olympiad's teachers, a public site). */
export function OverlordFaqsPage() {
  const targets = useFaqTargets(true);
  const [audience, setAudience] = useState<FaqAudience>('portal');
  const [olympiadId, setOlympiadId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const olympiads = targets.data?.olympiads ?? [];
  const projects = targets.data?.projects ?? [];
  const chosenOlympiad = olympiadId ?? olympiads[0]?.value ?? null;
  const chosenProject = projectId ?? projects[0]?.value ?? null;
  const group = {
    audience,
    olympiadId: audience === 'olympiad' && chosenOlympiad ? Number(chosenOlympiad) : null,
    projectId: audience === 'project' && chosenProject ? Number(chosenProject) : null,
  };
  const ready = audience === 'portal' || group.olympiadId != null || group.projectId != null;
  const label =
    audience === 'portal'
      ? 'For every teacher'
      : audience === 'olympiad'
        ? `For the teachers of ${olympiads.find((o) => o.value === chosenOlympiad)?.label ?? '…'}`
        : `On the public site of ${projects.find((p) => p.value === chosenProject)?.label ?? '…'}`;
  return (
    <>
      <PageHeader
        title="FAQs"
        description="Questions and answers for the teacher portal (for every teacher, or one olympiad’s) and for each project’s public FAQ page. Drafts stay here until you publish them."
      />
      <Stack gap="lg">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Radio.Group label="Show the FAQs" value={audience} onChange={(v) => setAudience(v as FaqAudience)}>
            <Group mt={6} gap="lg">
              {faqAudiences.map((a) => (
                <Radio key={a} value={a} label={faqAudienceLabels[a]} />
              ))}
            </Group>
          </Radio.Group>
          {audience === 'olympiad' ? (
            <Select
              label="Olympiad"
              searchable
              data={olympiads}
              value={chosenOlympiad}
              onChange={setOlympiadId}
              allowDeselect={false}
              w={{ base: '100%', sm: 320 }}
            />
          ) : null}
          {audience === 'project' ? (
            <Select
              label="Project"
              searchable
              data={projects}
              value={chosenProject}
              onChange={setProjectId}
              allowDeselect={false}
              w={{ base: '100%', sm: 320 }}
            />
          ) : null}
        </Group>
        {ready ? (
          <FaqEditor group={group} groupLabel={label} chooseAudience olympiads={olympiads} projects={projects} />
        ) : null}
      </Stack>
    </>
  );
}
