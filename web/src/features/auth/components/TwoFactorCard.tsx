import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '#contract/two-factor';
import { serverErrorText } from '../../../lib/forms/index.js';
import { useT } from '../../../lib/i18n/index.js';
import { saveBlob } from '../../../lib/api/index.js';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor.js';

/** The secret in groups of four, for typing into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The account page's "Two-factor sign-in" (decision 106): its status; setting it up (a QR code for the authenticator
 * app and the secret for typing, then a code to confirm); the ten recovery codes, shown once with copy and download;
 * new recovery codes and turning it off, each with the password and a current code.
 */
export function TwoFactorCard({
  onEnrolled,
  onCodesSaved,
}: {
  onEnrolled?: () => Promise<void> | void;
  onCodesSaved?: () => void;
}) {
  const t = useT();
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = status.data?.enabled ?? false;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={640}
      mt="lg"
      component="section"
      aria-labelledby="two-factor-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4" id="two-factor-title">
            {t('portal.twoFactor.title')}
          </Title>
          {status.data ? (
            <Badge color={on ? 'teal' : 'gray'} variant="light">
              {on ? t('portal.twoFactor.on') : t('portal.twoFactor.off')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{t('portal.twoFactor.description')}</Text>
        {status.isPending ? <Loader size="sm" /> : null}
        {status.error ? <Alert color="red">{serverErrorText(status.error)}</Alert> : null}
        {status.data?.required && !on ? (
          <Alert color="orange" variant="light" role="status">
            {t('portal.twoFactor.required')}
          </Alert>
        ) : null}
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              onCodesSaved?.();
            }}
          />
        ) : null}
        {status.data && !on && !codes ? (
          <Enrol
            onEnabled={(next) => {
              setCodes(next);
              void onEnrolled?.();
            }}
          />
        ) : null}
        {status.data && on && !codes ? (
          <Manage left={status.data.recoveryCodesLeft} required={status.data.required} onCodes={setCodes} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useT();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const pending = setup.data;
  if (!pending) {
    return (
      <Stack gap="xs" align="flex-start">
        {setup.error ? <Alert color="red">{serverErrorText(setup.error)}</Alert> : null}
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          {t('portal.twoFactor.setUp')}
        </Button>
      </Stack>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate(code.replace(/\s+/g, ''), { onSuccess: (answer) => onEnabled(answer.recoveryCodes) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('portal.twoFactor.confirmTitle')}>
      <Stack gap="sm">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>{t('portal.twoFactor.step1')}</List.Item>
          <List.Item>{t('portal.twoFactor.step2')}</List.Item>
          <List.Item>{t('portal.twoFactor.step3')}</List.Item>
        </List>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <QrImage setup={pending} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="two-factor-secret-label">
              {t('portal.twoFactor.secretLabel')}
            </Text>
            <Text
              ff="monospace"
              fz="md"
              fw={600}
              aria-labelledby="two-factor-secret-label"
              data-testid="two-factor-secret"
              style={{ wordBreak: 'break-word' }}
            >
              {grouped(pending.secret)}
            </Text>
            <CopyButton value={pending.secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('portal.twoFactor.copied') : t('portal.twoFactor.copySecret')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </SimpleGrid>
        {enable.error ? (
          <Alert color="red" role="alert">
            {serverErrorText(enable.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('portal.twoFactor.codeLabel')}
          description={t('portal.twoFactor.codeHelp')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          maw={220}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            {t('portal.twoFactor.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The otpauth:// URI as a QR code (an SVG data URL), drawn in the browser: the secret never goes elsewhere. */
function QrImage({ setup }: { setup: TwoFactorSetup }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(setup.otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [setup.otpauthUri]);
  return src ? (
    <Image src={src} alt={t('portal.twoFactor.qrAlt')} w={180} h={180} bg="white" data-testid="two-factor-qr" />
  ) : (
    <Loader size="sm" />
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" title={t('portal.twoFactor.codesTitle')} role="status">
        {t('portal.twoFactor.codesHelp')}
      </Alert>
      <SimpleGrid
        cols={{ base: 2, xs: 3 }}
        spacing="xs"
        component="ul"
        aria-label={t('portal.twoFactor.codesTitle')}
        data-testid="recovery-codes"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((c) => (
          <li key={c}>
            <Code fz="md">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t('portal.twoFactor.copied') : t('portal.twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="light"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'olympus-recovery-codes.txt')}
        >
          {t('portal.twoFactor.downloadCodes')}
        </Button>
        <Button size="xs" onClick={onDone}>
          {t('portal.twoFactor.savedCodes')}
        </Button>
      </Group>
    </Stack>
  );
}

function Manage({ left, required, onCodes }: { left: number; required: boolean; onCodes: (c: string[]) => void }) {
  const t = useT();
  const disable = useDisableTwoFactor();
  const fresh = useNewRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const error = disable.error ?? fresh.error;
  const body = { password, code: code.trim() };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('portal.twoFactor.codesLeft', { count: left, n: String(left) })}</Text>
      <Text size="sm" c="dimmed">
        {t('portal.twoFactor.confirmHelp')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {serverErrorText(error)}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PasswordInput
          label={t('portal.twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          w={220}
        />
        <TextInput
          label={t('portal.twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          w={200}
        />
      </Group>
      <Group gap="xs">
        <Button
          variant="light"
          loading={fresh.isPending}
          onClick={() => fresh.mutate(body, { onSuccess: (answer) => onCodes(answer.recoveryCodes) })}
        >
          {t('portal.twoFactor.newCodes')}
        </Button>
        {required ? null : (
          <Button variant="light" color="red" loading={disable.isPending} onClick={() => disable.mutate(body)}>
            {t('portal.twoFactor.turnOff')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
