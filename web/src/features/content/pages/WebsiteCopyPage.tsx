import { Alert, Skeleton, Tabs } from '@mantine/core';
import { useState } from 'react';
import { type WebsiteCopySection, websiteCopyLabels, websiteCopySections } from '#contract/copy';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useWebsiteCopy } from '../api/list-website-copy.js';
import { usePublishWebsiteCopy } from '../api/publish-website-copy.js';
import { uploadCopyImage } from '../api/upload-copy-image.js';
import { CopyEditor } from '../components/CopyEditor.js';

/** The public page each section of website copy appears on. */
const pageOf: Record<WebsiteCopySection, string> = {
  home: 'home',
  about: 'about',
  'participation-and-rules': 'participation-and-rules',
  contact: 'contact',
};

/**
 * /{o}/admin/edit/website-copy: the text of the olympiad's project's public pages (home, about, participation
 * and rules, contact), each with a preview and Publish.
 */
export function WebsiteCopyPage() {
  const { olympiad, error, isLoading } = useRouteOlympiad();
  const copy = useWebsiteCopy(olympiad?.id);
  const publish = usePublishWebsiteCopy();
  const [tab, setTab] = useState<WebsiteCopySection>('home');
  const project = copy.data?.project;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Website copy"
        description={
          project
            ? `The text of the ${project.title} public pages. Visitors see a page’s text as soon as you publish it.`
            : 'The text of this olympiad’s public pages.'
        }
      />
      {error || copy.error ? <Alert color="red">{(error ?? copy.error)!.message}</Alert> : null}
      {isLoading || copy.isLoading ? <Skeleton height={320} /> : null}
      {copy.data && project ? (
        <Tabs value={tab} onChange={(v) => v && setTab(v as WebsiteCopySection)} keepMounted={false}>
          <Tabs.List mb="lg">
            {websiteCopySections.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {websiteCopyLabels[s].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {copy.data.items.map((item) => (
            <Tabs.Panel key={item.section} value={item.section}>
              <CopyEditor
                label={websiteCopyLabels[item.section].label}
                description={websiteCopyLabels[item.section].description}
                published={item.body}
                updatedAt={item.updatedAt}
                preview={{
                  eyebrow: project.title,
                  title: item.section === 'home' ? project.title : websiteCopyLabels[item.section].label,
                }}
                publicPath={`/${project.projectName}/${pageOf[item.section]}`}
                publishing={publish.isPending}
                onPublish={(body) =>
                  olympiad && publish.mutate({ olympiadId: olympiad.id, section: item.section, body })
                }
                {...(olympiad ? { onImage: (file: File) => uploadCopyImage(file, olympiad.id) } : {})}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </>
  );
}
