import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SitePage } from '#contract/copy';
import { PageHeader } from '../../../components/PageHeader.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { useT } from '../../../lib/i18n/index.js';
import { useSiteCopy } from '../api/get-site-copy.js';

/** One of the platform's own pages: its heading, its copy (edited at /overlord/edit/site-copy), then `children`. */
export function SiteCopyFrame({
  page,
  title,
  description,
  children,
}: {
  page: SitePage;
  title: string;
  description?: string;
  children?: (copy: NonNullable<ReturnType<typeof useSiteCopy>['data']>) => ReactNode;
}) {
  const copy = useSiteCopy();
  const t = useT();
  return (
    <Stack gap="lg" py="md">
      <PageHeader title={title} {...(description ? { description } : {})} />
      {copy.error ? (
        <Alert color="red" variant="light" role="alert">
          {copy.error.message}
        </Alert>
      ) : null}
      {copy.isPending ? <Skeleton height={160} radius="md" /> : null}
      {copy.data ? (
        <>
          {copy.data.pages[page].body ? (
            // The platform's copy is written in English.
            <div lang="en">
              <RichCopy html={copy.data.pages[page].body} />
            </div>
          ) : children ? null : (
            <Text c="dimmed">{t('public.copy.empty')}</Text>
          )}
          {children?.(copy.data)}
        </>
      ) : null}
    </Stack>
  );
}
