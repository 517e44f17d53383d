import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FactTiles } from '../../../components/FactTiles.js';
import { formatDate } from '../../../lib/dates.js';
import { T, useT } from '../../../lib/i18n/index.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import { learnerCopy } from '../language/copy.js';
import { LanguageChoice } from '../language/LanguageChoice.js';
import { sittingLanguage } from '../language/language.js';
import { localisedOlympiad } from '../paper-model.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';

/** /{o}/olympiad/instructions: how the olympiad works, before anything starts; the learner chooses the language. */
export default function InstructionsPage() {
  const t = useT();
  return (
    <SittingGate page="instructions">
      {(state, olympiadName) => {
        const next = olympiadPath(olympiadName, 'declaration');
        const zone = state.learner.timeZone;
        const { instructions } = localisedOlympiad(state.olympiad, sittingLanguage(state));
        const intro = learnerCopy(state, 'instructions-intro', t);
        return (
          <Stack gap="lg">
            <div>
              <div className={classes.eyebrow}>{state.olympiad.title}</div>
              <FocusHeading>
                {state.learner.firstName
                  ? t('sitting.instructions.hello', { name: state.learner.firstName })
                  : t('sitting.instructions.helloThere')}
              </FocusHeading>
            </div>
            <LanguageChoice state={state} olympiadName={olympiadName} />
            <div className={classes.lead} lang={intro.lang} dangerouslySetInnerHTML={{ __html: intro.value }} />
            <FactTiles
              facts={[
                {
                  label: t('sitting.instructions.time'),
                  value: t('sitting.minutes', { count: state.olympiad.durationMinutes }),
                },
                { label: t('sitting.instructions.sections'), value: state.olympiad.moduleCount },
                { label: t('sitting.instructions.questions'), value: state.olympiad.questionCount },
              ]}
            />
            {state.window.endsAt ? (
              <Text>
                <T
                  id={state.window.startsAt ? 'sitting.instructions.openFromUntil' : 'sitting.instructions.openUntil'}
                  values={{
                    from: state.window.startsAt ? formatDate(state.window.startsAt, 'longDateTime', '', zone) : '',
                    until: formatDate(state.window.endsAt, 'longDateTime', '', zone),
                    minutes: state.olympiad.durationMinutes,
                  }}
                  components={{ 0: <strong /> }}
                />
              </Text>
            ) : null}
            {instructions.value ? (
              <section aria-labelledby="instructions-heading" className={classes.card}>
                <Text component="h2" id="instructions-heading" fw={700} size="xl" mb="sm">
                  {t('sitting.instructions.heading')}
                </Text>
                <div
                  className={classes.rich}
                  lang={instructions.lang}
                  dangerouslySetInnerHTML={{ __html: instructions.value }}
                />
              </section>
            ) : null}
            <section aria-labelledby="next-heading" className={classes.card}>
              <Text component="h2" id="next-heading" fw={700} size="xl" mb="sm">
                {t('sitting.instructions.next')}
              </Text>
              <ol className={classes.stepsList}>
                <li>{t('sitting.instructions.step1')}</li>
                <li>{t('sitting.instructions.step2')}</li>
                <li>{t('sitting.instructions.step3')}</li>
                <li>{t('sitting.instructions.step4')}</li>
              </ol>
            </section>
            <div>
              <Button component={Link} to={next} size="lg">
                {t('sitting.continue')}
              </Button>
            </div>
          </Stack>
        );
      }}
    </SittingGate>
  );
}
