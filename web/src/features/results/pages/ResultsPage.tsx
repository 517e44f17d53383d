import '@mantine/charts/styles.css';
import { Alert, Button, Group, SimpleGrid, Skeleton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import type { GradeRange } from '#contract/grades';
import { type AwardRule, ResultsSettingsBody, type ResultsOverview } from '#contract/results';
import { PageHeader } from '../../../components/PageHeader.js';
import { showAlert } from '../../../lib/api/index.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadResults } from '../api/download-results.js';
import { useResults } from '../api/get-results.js';
import { usePreviewAwards } from '../api/preview-awards.js';
import { useSaveResultsSettings } from '../api/save-results-settings.js';
import { ByGrade, Distribution } from '../components/awards/Distribution.js';
import { PublishPanel } from '../components/awards/PublishPanel.js';
import { RankedList } from '../components/awards/RankedList.js';
import { RuleEditor } from '../components/awards/RuleEditor.js';
import { issueField, type RuleValues, toInput, toValues } from '../components/awards/rule-values.js';
import { TopSchoolsTable } from '../components/awards/TopSchoolsTable.js';

/**
 * /{o}/admin/results/awards, Results and awards: the award rule with its distribution updating
 * as it changes, publishing with what it means, the ranked learners, the top schools and the downloads.
 */
export function ResultsPage() {
  const { olympiad } = useRouteOlympiad();
  const overview = useResults(olympiad?.id);
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Results and awards"
        description="Choose who gets which award, see what it gives, and publish: then teachers and learners see the results."
        actions={
          olympiad && overview.data && overview.data.snapshotRows > 0 ? (
            <Group gap="xs">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  variant="default"
                  onClick={() =>
                    downloadResults(olympiad.id, olympiad.varName, format).catch((e: Error) => showAlert(e.message))
                  }
                >
                  Download {format}
                </Button>
              ))}
            </Group>
          ) : null
        }
      />
      {overview.error ? (
        <Alert color="red" title="Could not load the results">
          {overview.error.message}
        </Alert>
      ) : null}
      {!overview.data || !olympiad ? (
        <Skeleton height={400} />
      ) : (
        <Loaded olympiadId={olympiad.id} grades={olympiad} overview={overview.data} />
      )}
    </>
  );
}

function Loaded({
  olympiadId,
  grades,
  overview,
}: {
  olympiadId: number;
  grades: GradeRange;
  overview: ResultsOverview;
}) {
  const initial = useMemo(() => toValues(overview.awardRule, overview.topSchoolsBestN), [overview]);
  const form = useSchemaForm<RuleValues, ResultsSettingsBody>({
    schema: ResultsSettingsBody,
    initialValues: initial,
    toInput,
    issueField,
  });
  const save = useSaveResultsSettings();
  // A fresh overview (after saving or publishing) is the form's new starting point.
  useEffect(() => {
    form.setInitialValues(initial);
    form.setValues(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved settings change
  }, [initial]);
  // The rule as text, so that the debounce and the preview's key change only when the rule does.
  const [ruleText] = useDebouncedValue(JSON.stringify(toInput(form.values).awardRule), 300);
  const rule = useMemo(() => JSON.parse(ruleText) as AwardRule, [ruleText]);
  const preview = usePreviewAwards(olympiadId, rule);
  return (
    <>
      <PublishPanel overview={overview} unsaved={form.isDirty()} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <RuleEditor
          form={form}
          saving={save.isPending}
          onSubmit={form.onSubmit((input) =>
            save.mutate({ olympiadId, values: input }, { onError: form.setServerErrors }),
          )}
        />
        <Distribution preview={preview.data} loading={preview.isFetching} error={preview.error} />
      </SimpleGrid>
      <ByGrade preview={preview.data} />
      <RankedList olympiadId={olympiadId} grades={grades} overview={overview} />
      <TopSchoolsTable olympiadId={olympiadId} />
    </>
  );
}
