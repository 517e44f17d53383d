import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../../../lib/i18n/index.js';
import { useAcceptDeclaration } from '../api/accept-declaration.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import { learnerCopy } from '../language/copy.js';
import { sittingLanguage } from '../language/language.js';
import { localisedOlympiad } from '../paper-model.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';

/** /{o}/olympiad/declaration: the no-cheating declaration, ticked and accepted. */
export default function DeclarationPage() {
  const t = useT();
  return (
    <SittingGate page="declaration">
      {(state, olympiadName) => (
        <Declaration
          olympiadName={olympiadName}
          text={localisedOlympiad(state.olympiad, sittingLanguage(state)).declaration}
          intro={learnerCopy(state, 'declaration-intro', t)}
          accept={learnerCopy(state, 'declaration-accept', t)}
        />
      )}
    </SittingGate>
  );
}

type Text = { value: string; lang: string | undefined };

/**
 * The short privacy notice a learner reads before the declaration (decision 109): what is kept, who sees it, for
 * how long, whom to ask, and the privacy page (opened beside the sitting, in the learner's language).
 */
function PrivacyNotice() {
  const t = useT();
  const { locale } = useLocale();
  return (
    <section aria-labelledby="privacy-notice-heading" className={classes.card} data-testid="privacy-notice">
      <h2 id="privacy-notice-heading" className={classes.eyebrow}>
        {t('sitting.privacy.heading')}
      </h2>
      <p>{t('sitting.privacy.kept')}</p>
      <p>{t('sitting.privacy.who')}</p>
      <p>
        {t('sitting.privacy.ask')}{' '}
        <a href={locale === 'af' ? '/privacy?lang=af' : '/privacy'} target="_blank" rel="noopener">
          {t('sitting.privacy.link')}
        </a>
      </p>
    </section>
  );
}

function Declaration(props: { olympiadName: string; text: Text; intro: Text; accept: Text }) {
  const { olympiadName, text, intro, accept: acceptLabel } = props;
  const t = useT();
  const navigate = useNavigate();
  const accept = useAcceptDeclaration(olympiadName);
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ticked) {
      setMissing(true);
      return;
    }
    accept.mutate(undefined, {
      onSuccess: () => void navigate(olympiadPath(olympiadName, 'recovery-pin'), { replace: true }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div>
          <div className={classes.eyebrow}>{t('sitting.step', { step: 1, steps: 3 })}</div>
          <FocusHeading>{t('sitting.declaration.heading')}</FocusHeading>
        </div>
        <PrivacyNotice />
        <div className={classes.lead} lang={intro.lang} dangerouslySetInnerHTML={{ __html: intro.value }} />
        <section aria-label={t('sitting.declaration.region')} className={classes.card}>
          {text.value ? (
            <div
              id="declaration-text"
              className={classes.rich}
              lang={text.lang}
              dangerouslySetInnerHTML={{ __html: text.value }}
            />
          ) : (
            <p id="declaration-text" className={classes.rich}>
              {t('sitting.declaration.default')}
            </p>
          )}
        </section>
        <Checkbox
          size="md"
          checked={ticked}
          onChange={(event) => {
            setTicked(event.currentTarget.checked);
            setMissing(false);
          }}
          label={<span lang={acceptLabel.lang}>{acceptLabel.value}</span>}
          aria-describedby="declaration-text"
          error={missing ? t('sitting.declaration.tick') : undefined}
        />
        {accept.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('sitting.declaration.notYet')}>
            {accept.error.message}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" size="lg" loading={accept.isPending}>
            {t('sitting.declaration.accept')}
          </Button>
          <Button component={Link} to={olympiadPath(olympiadName, 'instructions')} variant="subtle" size="lg">
            {t('sitting.declaration.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
