import { Badge, Table, Text } from '@mantine/core';
import { scrollRegion } from '../../../components/scroll-region.js';

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A change's before and after, field by field: the fields that changed are marked. A change that recorded no
 * before (most actions record what they set) shows its after alone.
 */
export function ChangeDiff({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!fields.length) return <Text c="dimmed">This entry recorded no details.</Text>;
  return (
    <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollRegion('Before and after')}>
      <Table withTableBorder verticalSpacing="xs" aria-label="Before and after">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            {before ? <Table.Th scope="col">Before</Table.Th> : null}
            <Table.Th scope="col">{before ? 'After' : 'Recorded'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const was = show(before?.[field]);
            const now = show(after?.[field]);
            const changed = before != null && was !== now;
            return (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={500}>
                  {field}{' '}
                  {changed ? (
                    <Badge size="xs" color="orange" variant="light">
                      changed
                    </Badge>
                  ) : null}
                </Table.Th>
                {before ? (
                  <Table.Td>
                    <Text size="sm" td={changed ? 'line-through' : undefined} style={{ wordBreak: 'break-word' }}>
                      {was}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Text size="sm" fw={changed ? 600 : undefined} style={{ wordBreak: 'break-word' }}>
                    {now}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
