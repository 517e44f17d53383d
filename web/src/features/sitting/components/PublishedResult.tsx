import { Text } from '@mantine/core';
import type { OlympiadKind } from '#contract/units';
import { T, useT } from '../../../lib/i18n/index.js';
import { useMyResult } from '../api/get-my-result.js';
import classes from '../sitting.module.css';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The learner's published result (score, award, ranks) on the finished page; nothing until it is published. */
export function PublishedResult({ olympiadId, kind }: { olympiadId: number; kind: OlympiadKind }) {
  const t = useT();
  const mine = useMyResult(olympiadId);
  const result = mine.data?.result;
  if (!mine.data?.published || !result) return null;
  return (
    <section className={classes.card} aria-labelledby="result-heading">
      <Text component="h2" id="result-heading" fw={700} size="xl" mb="xs">
        {t('sitting.result.heading')}
      </Text>
      {result.award ? (
        <Text size="lg" mb={4}>
          <T id="sitting.result.award" values={{ award: result.awardLabel }} components={{ 0: <strong /> }} />
          {result.bestInSchool ? ` · ${t('sitting.result.bestIn', { kind })}` : ''}
        </Text>
      ) : null}
      <Text size="lg">
        <T
          id="sitting.result.score"
          values={{ score: fmt(result.score), maxScore: fmt(result.maxScore), percent: fmt(result.percent) }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Text>
        {result.gradeRank != null && result.gradeCounted != null
          ? t('sitting.result.rankInGrade', {
              rank: result.rank,
              counted: result.counted,
              gradeRank: result.gradeRank,
              gradeCounted: result.gradeCounted,
            })
          : t('sitting.result.rank', { rank: result.rank, counted: result.counted })}
      </Text>
    </section>
  );
}
