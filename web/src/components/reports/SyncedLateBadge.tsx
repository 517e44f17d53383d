import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';

const explanation =
  'This answer reached the server after the deadline. It counts because the learner gave it before the deadline, ' +
  'while their device was offline. Check it with the rest of their paper.';

/**
 * Beside an answer that arrived after the deadline and counted because it was given before it (decision 087): staff
 * read why on hover or focus, and a screen reader hears it with the badge.
 */
export function SyncedLateBadge() {
  return (
    <Tooltip label={explanation} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      <Badge size="xs" color="grape" variant="light" tabIndex={0} style={{ cursor: 'help' }}>
        Synced late
        <VisuallyHidden>: {explanation}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
