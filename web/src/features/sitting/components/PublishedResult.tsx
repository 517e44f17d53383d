import { Text } from '@mantine/core';
import { type OlympiadKind, unitWords } from '#contract/units';
import { useMyResult } from '../api/get-my-result.js';
import classes from '../sitting.module.css';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The learner's published result (score, award, ranks) on the finished page; nothing until it is published. */
export function PublishedResult({ olympiadId, kind }: { olympiadId: number; kind: OlympiadKind }) {
  const mine = useMyResult(olympiadId);
  const result = mine.data?.result;
  if (!mine.data?.published || !result) return null;
  return (
    <section className={classes.card} aria-labelledby="result-heading">
      <Text component="h2" id="result-heading" fw={700} size="xl" mb="xs">
        Your result
      </Text>
      {result.award ? (
        <Text size="lg" mb={4}>
          Award: <strong>{result.awardLabel}</strong>
          {result.bestInSchool ? ` · Best in your ${unitWords(kind).unit}` : ''}
        </Text>
      ) : null}
      <Text size="lg">
        Score: <strong>{fmt(result.score)}</strong> out of {fmt(result.maxScore)} ({fmt(result.percent)} %)
      </Text>
      <Text>
        Rank {result.rank} of {result.counted}
        {result.gradeRank != null && result.gradeCounted != null
          ? `; in your grade, ${result.gradeRank} of ${result.gradeCounted}`
          : ''}
        .
      </Text>
    </section>
  );
}
