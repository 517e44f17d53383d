import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAcceptDeclaration } from '../api/accept-declaration.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';

/** /{o}/olympiad/declaration: the no-cheating declaration, ticked and accepted. */
export default function DeclarationPage() {
  return (
    <SittingGate page="declaration">
      {(state, olympiadName) => (
        <Declaration
          olympiadName={olympiadName}
          text={state.olympiad.declaration}
          intro={state.copy['declaration-intro']}
          accept={state.copy['declaration-accept']}
        />
      )}
    </SittingGate>
  );
}

function Declaration(props: { olympiadName: string; text: string; intro: string; accept: string }) {
  const { olympiadName, text, intro, accept: acceptLabel } = props;
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
          <div className={classes.eyebrow}>Step 1 of 3</div>
          <FocusHeading>Your promise</FocusHeading>
        </div>
        <div className={classes.lead} dangerouslySetInnerHTML={{ __html: intro }} />
        <section aria-label="Declaration" className={classes.card}>
          {text ? (
            <div id="declaration-text" className={classes.rich} dangerouslySetInnerHTML={{ __html: text }} />
          ) : (
            <p id="declaration-text" className={classes.rich}>
              I will write this olympiad on my own. I will not use books, notes, other websites or other people to help
              me, and I will not share the questions.
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
          label={acceptLabel}
          aria-describedby="declaration-text"
          error={missing ? 'Tick this box to accept the declaration.' : undefined}
        />
        {accept.isError ? (
          <Alert color="red" variant="light" role="alert" title="Not accepted yet">
            {accept.error.message}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" size="lg" loading={accept.isPending}>
            I accept
          </Button>
          <Button component={Link} to={olympiadPath(olympiadName, 'instructions')} variant="subtle" size="lg">
            Back to instructions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
