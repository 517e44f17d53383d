import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { LanguageSplitPanel } from '../../../components/reports/LanguageSplitPanel.js';

/** /{olympiadName}/admin/reports/questions-by-language: each question's share correct per language (decision 096). */
export function QuestionsByLanguagePage() {
  const { olympiad } = useRouteOlympiad();
  return (
    <Stack>
      <PageHeader
        title="Questions by language"
        description="Whether a question was answered worse in one language than in the other by more than chance explains."
      />
      <LanguageSplitPanel olympiadId={olympiad?.id ?? null} />
    </Stack>
  );
}
