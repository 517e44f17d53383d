import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Box,
  Card,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Rating,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { gradesOf } from '#contract/grades';
import { PageHeader } from '../../../components/PageHeader.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import { ChartCard } from '../../../components/reports/ChartCard.js';
import { ExportButtons } from '../../../components/reports/ExportButtons.js';
import { formatDate } from '../../../lib/dates.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadFeedback, useFeedback } from '../api/get-feedback.js';
import type { FeedbackParams } from '../api/params.js';
import { useFeedbackSchools } from '../api/get-feedback-schools.js';
import { count } from '#contract/numbers';

const PAGE_SIZE = 25;
const ratingLabel = (r: number | null) => (r == null ? 'No rating' : count(r, 'star'));

/**
 * /{olympiadName}/admin/reports/feedback: what learners said when they finished (GET
 * /olympiad/reports/feedback/{id}): the ratings as a chart with its table, the average, and the comments, newest
 * first, paged; filtered by school, grade, rating or only those with a comment; csv and xlsx with the filters.
 */
export function FeedbackPage() {
  const { olympiad, olympiadName } = useRouteOlympiad();
  const olympiadId = olympiad?.id;
  const [filters, setFilters] = useState<Omit<FeedbackParams, 'page' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const report = useFeedback(olympiadId, { ...filters, page, pageSize: PAGE_SIZE });
  const r = report.data;
  const schools = useFeedbackSchools(olympiadId).data?.schools ?? [];
  const filter = (next: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const pages = r ? Math.max(1, Math.ceil(r.total / r.pageSize)) : 1;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title ?? olympiadName}
        title="Feedback"
        description="What learners said about the olympiad when they finished: their rating and their comment."
        actions={
          olympiadId !== undefined ? (
            <ExportButtons
              what="the feedback"
              onExport={(f) => downloadFeedback(olympiadId, filters, f, olympiadName)}
            />
          ) : null
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-label="Filters">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Select
              label="School"
              placeholder="Every school"
              searchable
              limit={100}
              clearable
              data={schools.map((s) => ({ value: String(s.id), label: s.name }))}
              value={filters.schoolId != null ? String(filters.schoolId) : null}
              onChange={(v) => filter({ schoolId: v ? Number(v) : undefined })}
              nothingFoundMessage="No school by that name"
            />
            <Select
              label="Grade"
              placeholder="Every grade"
              clearable
              data={olympiad ? gradesOf(olympiad).map(String) : []}
              value={filters.grade != null ? String(filters.grade) : null}
              onChange={(v) => filter({ grade: v ? Number(v) : undefined })}
            />
            <Select
              label="Rating"
              placeholder="Every rating"
              clearable
              data={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: ratingLabel(n) }))}
              value={filters.rating != null ? String(filters.rating) : null}
              onChange={(v) => filter({ rating: v ? Number(v) : undefined })}
            />
            <Checkbox
              mt={{ base: 0, md: 30 }}
              label="Only with a comment"
              checked={filters.comments === 'true'}
              onChange={(e) => filter({ comments: e.currentTarget.checked ? 'true' : undefined })}
            />
          </SimpleGrid>
        </Card>
        {report.error ? (
          <Alert color="red" title="Could not load the feedback">
            {report.error.message}
          </Alert>
        ) : null}
        {!r ? (
          report.error ? null : (
            <Skeleton height={300} />
          )
        ) : (
          <>
            <ChartCard
              title="Ratings"
              description={
                r.responses
                  ? `${count(r.responses, 'learner', 'learners')} gave feedback` +
                    (r.average != null ? `; the average rating is ${r.average.toFixed(2)} of 5.` : '.')
                  : undefined
              }
              empty="No learner has given feedback yet."
              table={{
                columns: [{ header: 'Rating' }, { header: 'Learners', numeric: true }],
                rows: r.responses ? r.ratings.map((x) => [ratingLabel(x.rating), x.learners]) : [],
              }}
            >
              <BarChart
                accessibilityLayer={false}
                h={220}
                data={r.ratings.map((x) => ({
                  rating: x.rating == null ? 'None' : `${x.rating} ★`,
                  Learners: x.learners,
                }))}
                dataKey="rating"
                series={[{ name: 'Learners', color: 'yellow.7' }]}
              />
            </ChartCard>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="comments-title">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="comments-title">
                  Comments
                </Title>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {count(r.total, 'answer')}
                </Text>
              </Group>
              {r.items.length ? (
                <>
                  <Stack
                    gap="sm"
                    hiddenFrom="sm"
                    component="ul"
                    aria-labelledby="comments-title"
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {r.items.map((f) => (
                      <Paper key={f.attemptId} withBorder radius="sm" p="sm" component="li">
                        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                          <div>
                            <Text fw={600} size="sm">
                              {f.firstName} {f.lastName}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {[f.schoolName, f.grade != null ? `grade ${f.grade}` : null].filter(Boolean).join(', ')}
                            </Text>
                          </div>
                          {f.rating != null ? (
                            <Rating value={f.rating} readOnly size="xs" role="img" aria-label={ratingLabel(f.rating)} />
                          ) : (
                            <Text size="xs" c="dimmed">
                              No rating
                            </Text>
                          )}
                        </Group>
                        <Text size="sm" mt={4}>
                          {f.comment || (
                            <Text size="sm" c="dimmed" span>
                              No comment
                            </Text>
                          )}
                        </Text>
                        <Text size="xs" c="dimmed" mt={4}>
                          {formatDate(f.at)}
                        </Text>
                      </Paper>
                    ))}
                  </Stack>
                  <Box visibleFrom="sm">
                    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion('Comments')}>
                      <Table aria-labelledby="comments-title" verticalSpacing="xs" fz="sm" striped>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th scope="col">When</Table.Th>
                            <Table.Th scope="col">Learner</Table.Th>
                            <Table.Th scope="col">School</Table.Th>
                            <Table.Th scope="col">Grade</Table.Th>
                            <Table.Th scope="col">Rating</Table.Th>
                            <Table.Th scope="col">Comment</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {r.items.map((f) => (
                            <Table.Tr key={f.attemptId}>
                              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(f.at)}</Table.Td>
                              <Table.Td>
                                {f.firstName} {f.lastName}
                                <Text size="xs" c="dimmed">
                                  {f.username}
                                </Text>
                              </Table.Td>
                              <Table.Td>{f.schoolName ?? '–'}</Table.Td>
                              <Table.Td>{f.grade ?? '–'}</Table.Td>
                              <Table.Td>
                                {f.rating != null ? (
                                  <Rating
                                    value={f.rating}
                                    readOnly
                                    size="xs"
                                    role="img"
                                    aria-label={ratingLabel(f.rating)}
                                  />
                                ) : (
                                  <Text size="sm" c="dimmed">
                                    No rating
                                  </Text>
                                )}
                              </Table.Td>
                              <Table.Td style={{ minWidth: 240 }}>
                                {f.comment || (
                                  <Text size="sm" c="dimmed" span>
                                    No comment
                                  </Text>
                                )}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </Box>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  No feedback matches these filters.
                </Text>
              )}
              {pages > 1 ? (
                <Group justify="center" mt="md">
                  <Pagination
                    total={pages}
                    value={page}
                    onChange={setPage}
                    getControlProps={(control) => ({
                      'aria-label': `${control} page`,
                    })}
                    getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                  />
                </Group>
              ) : null}
            </Card>
          </>
        )}
      </Stack>
    </>
  );
}
