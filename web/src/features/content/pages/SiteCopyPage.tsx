import { Alert, Divider, Skeleton, Tabs } from '@mantine/core';
import { useState } from 'react';
import { type SitePage, sitePageLabels, sitePages } from '#contract/copy';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSiteCopy } from '../api/get-site-copy.js';
import { usePublishSiteCopy } from '../api/publish-site-copy.js';
import { uploadCopyImage } from '../api/upload-copy-image.js';
import { CopyEditor } from '../components/CopyEditor.js';
import { PartnersEditor } from '../components/PartnersEditor.js';

/**
 * /overlord/edit/site-copy: the platform's own pages (home, about, our partners with their logos, our users,
 * contact), each with a preview and Publish. The testimonials of /olympus/our-users are edited at
 * /overlord/edit/testimonials.
 */
export function SiteCopyPage() {
  const copy = useSiteCopy();
  const publish = usePublishSiteCopy();
  const [tab, setTab] = useState<SitePage>('home');
  return (
    <>
      <PageHeader
        title="Site copy"
        description="The text of the platform’s own pages. Visitors see a page’s text as soon as you publish it."
      />
      {copy.error ? <Alert color="red">{copy.error.message}</Alert> : null}
      {copy.isLoading ? <Skeleton height={320} /> : null}
      {copy.data ? (
        <Tabs value={tab} onChange={(v) => v && setTab(v as SitePage)} keepMounted={false}>
          <Tabs.List mb="lg">
            {sitePages.map((page) => (
              <Tabs.Tab key={page} value={page}>
                {sitePageLabels[page]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {sitePages.map((page) => (
            <Tabs.Panel key={page} value={page}>
              <CopyEditor
                label={sitePageLabels[page]}
                published={copy.data.pages[page].body}
                updatedAt={copy.data.pages[page].updatedAt}
                preview={{ eyebrow: 'Olympus', title: sitePageLabels[page] }}
                publicPath={`/olympus/${page}`}
                publishing={publish.isPending}
                onPublish={(body) => publish.mutate({ page, body })}
                onImage={(file) => uploadCopyImage(file, null)}
              />
              {page === 'our-partners' ? (
                <>
                  <Divider my="xl" />
                  <PartnersEditor partners={copy.data.partners} />
                </>
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </>
  );
}
