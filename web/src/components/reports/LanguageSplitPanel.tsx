import { Alert, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { LanguageVerdict, QuestionByLanguage, QuestionsByLanguageReport } from '#contract/reports';
import { scrollRegion } from '../scroll-region.js';
import { useQuestionsByLanguage } from './api.js';

const languageName = { en: 'English', af: 'Afrikaans' } as const;
const pct = (x: number | null) => (x == null ? '—' : `${Math.round(x * 100)} %`);
const pValue = (p: number | null) => (p == null ? '—' : p < 0.0001 ? '< 0.0001' : p.toFixed(4));

const verdictBadge: Record<LanguageVerdict, { label: string; color: string }> = {
  differs: { label: 'Differs beyond chance', color: 'red' },
  within_chance: { label: 'Within chance', color: 'green' },
  too_few: { label: 'Too few attempts', color: 'gray' },
  anchor: { label: 'Anchor: same words', color: 'blue' },
};

function Verdict({ item }: { item: QuestionByLanguage }) {
  const { label, color } = verdictBadge[item.verdict];
  return (
    <Badge color={color} variant={item.verdict === 'differs' ? 'filled' : 'light'}>
      {item.verdict === 'differs' && item.harderIn ? `Harder in ${languageName[item.harderIn]}` : label}
    </Badge>
  );
}

/** What the test is and what a flag suggests, in words for an organiser. */
function Explanation({ r }: { r: QuestionsByLanguageReport }) {
  return (
    <Text size="sm" c="dimmed">
      Each question’s share of learners with full marks, for those who wrote in each language. A question is flagged
      when the two shares differ by more than chance explains: a two-proportion test gives p below {r.significance} (a
      fair question is flagged this often, about one in a hundred, by chance alone), with at least {r.minAttempts}{' '}
      finished attempts in each language. A flagged question is most often a translation fault — a word that gives the
      answer away or hides it, a unit or a name that changed — so read both versions side by side. The groups can also
      differ in strength as a whole: if nearly every question is harder in one language, look at who wrote in it before
      the words. An anchor has no words of its own in the second language (both read the very same question), so it is
      not tested.
    </Text>
  );
}

/**
 * Questions by language (decision 096): per question the share correct in each language the olympiad offers, and
 * the flag of a difference beyond chance. `quiet`: nothing at all for an olympiad of one language (where the panel
 * stands beside the item analysis of questions by difficulty).
 */
export function LanguageSplitPanel({ olympiadId, quiet = false }: { olympiadId: number | null; quiet?: boolean }) {
  const query = useQuestionsByLanguage(olympiadId);
  const r = query.data;
  if (query.isPending) return <Loader size="sm" />;
  if (!r) return <Alert color="red">The split by language could not be loaded.</Alert>;
  if (!r.split)
    return quiet ? null : <Text>This olympiad is written in one language: there is nothing to compare.</Text>;
  const [first, second] = r.languages as ['en' | 'af', 'en' | 'af'];
  const flagged = r.items.filter((i) => i.verdict === 'differs');
  return (
    <Card withBorder component="section" aria-labelledby="by-language">
      <Stack gap="sm">
        <Title order={3} id="by-language">
          By language
        </Title>
        <Text size="sm">
          {r.attempts.map((a) => `${languageName[a.language]}: ${a.attempts} finished attempts`).join(' · ')}
        </Text>
        <Explanation r={r} />
        {flagged.length > 0 ? (
          <Alert color="red" title={`${flagged.length} question${flagged.length === 1 ? '' : 's'} to check`}>
            {flagged
              .map((i) => `${i.moduleTitle} Q${i.questionIndex + 1} (harder in ${languageName[i.harderIn!]})`)
              .join('; ')}
          </Alert>
        ) : (
          <Alert color="green">No question differs between the languages by more than chance explains.</Alert>
        )}
        <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion('Questions by language')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th ta="right">{languageName[first]}</Table.Th>
                <Table.Th ta="right">{languageName[second]}</Table.Th>
                <Table.Th ta="right">
                  Difference ({languageName[first]} − {languageName[second]})
                </Table.Th>
                <Table.Th ta="right">p</Table.Th>
                <Table.Th>Verdict</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.items.map((i) => (
                <Table.Tr key={i.questionId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {i.moduleTitle} Q{i.questionIndex + 1}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {i.prompt}
                    </Text>
                  </Table.Td>
                  {i.languages.map((l) => (
                    <Table.Td key={l.language} ta="right">
                      {pct(l.shareCorrect)}
                      <Text size="xs" c="dimmed">
                        {l.correct} of {l.attempts}
                      </Text>
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">
                    {i.difference == null ? '—' : `${i.difference > 0 ? '+' : ''}${Math.round(i.difference * 100)} pts`}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {pValue(i.p)}
                  </Table.Td>
                  <Table.Td>
                    <Verdict item={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
