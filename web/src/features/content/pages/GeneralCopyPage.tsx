import { Alert, Divider, Skeleton, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useGeneralCopy } from '../api/list-general-copy.js';
import { FaqEditor } from '../components/FaqEditor.js';
import { GeneralCopyItem } from '../components/GeneralCopyItem.js';

/**
 * /{o}/admin/edit/general-copy: the olympiad's wording for its teachers and learners: the named texts of the
 * portal and the learner's steps (each with its default), then the teachers' questions and answers about this
 * olympiad (shown at /portal/{o}/faq).
 */
export function GeneralCopyPage() {
  const { olympiad, error, isLoading } = useRouteOlympiad();
  const copy = useGeneralCopy(olympiad?.id);
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="General copy"
        description="What this olympiad’s teachers and learners read: each text shows the default until you publish your own wording."
      />
      {error || copy.error ? <Alert color="red">{(error ?? copy.error)!.message}</Alert> : null}
      {isLoading || copy.isLoading ? <Skeleton height={240} /> : null}
      {copy.data ? (
        <Stack gap="md" component="section" aria-labelledby="named-texts">
          <Title order={2} size="h3" id="named-texts">
            Texts of the portal and the learner’s steps
          </Title>
          {copy.data.items.map((item) => (
            <GeneralCopyItem key={item.key} item={item} />
          ))}
        </Stack>
      ) : null}
      {olympiad ? (
        <>
          <Divider my="xl" />
          <FaqEditor
            group={{ audience: 'olympiad', olympiadId: olympiad.id, projectId: null }}
            groupLabel="Teachers’ questions and answers"
            chooseAudience={false}
            olympiads={[{ value: String(olympiad.id), label: olympiad.title }]}
            projects={[]}
          />
        </>
      ) : null}
    </>
  );
}
