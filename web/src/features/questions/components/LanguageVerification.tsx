import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { languageName, type PaperLanguage } from '#contract/questions';
import { formatDate } from '../../../lib/dates.js';

/** A language's version as the API reports it: whether it is verified, by whom (their username) and when. */
export interface VersionState {
  verified: boolean;
  verifiedBy: string | null;
  verifiedAt: string | null;
}

interface LanguageVerificationProps {
  language: PaperLanguage;
  /** The stored version; undefined while there is none. */
  version: VersionState | undefined;
  /** What is verified, for the button's name: "question 2 of module 1", "this section". */
  what: string;
  onVerify: (verified: boolean) => void;
  pending: boolean;
  /** Why verifying is not possible now (the last editor, unsaved words); null when it is. */
  blocked?: string | null;
  error?: Error | null;
}

/**
 * One other language's verification (decision 094): missing, not verified, or who verified it and when, with the
 * button that verifies or clears it. Each language's version is checked on its own, by a second admin where the
 * server says so.
 */
export function LanguageVerification({
  language,
  version,
  what,
  onVerify,
  pending,
  blocked = null,
  error = null,
}: LanguageVerificationProps) {
  const name = languageName(language);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        {!version ? (
          <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
            {name}: missing
          </Badge>
        ) : version.verified ? (
          <>
            <Badge color="green" variant="light" style={{ textTransform: 'none' }}>
              {name}: verified
            </Badge>
            {/* Who and when beside the badge, as text that wraps on a phone. */}
            <Text size="xs" c="dimmed">
              by {version.verifiedBy ?? 'an admin'}
              {version.verifiedAt ? `, ${formatDate(version.verifiedAt)}` : ''}
            </Text>
          </>
        ) : (
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {name}: not verified
          </Badge>
        )}
        {version ? (
          <Button
            size="xs"
            variant={version.verified ? 'subtle' : 'filled'}
            color={version.verified ? 'gray' : 'green'}
            disabled={blocked != null && !version.verified}
            title={blocked ?? undefined}
            loading={pending}
            aria-label={`${version.verified ? `Clear ${name} verification` : `Verify ${name}`}: ${what}`}
            onClick={() => onVerify(!version.verified)}
          >
            {version.verified ? 'Clear' : `Verify ${name}`}
          </Button>
        ) : null}
      </Group>
      {blocked && version && !version.verified ? (
        <Text size="xs" c="dimmed">
          {blocked}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" py="xs">
          {error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
