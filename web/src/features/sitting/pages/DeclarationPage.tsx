import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
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
      {(state, olympiadName) => <Declaration olympiadName={olympiadName} text={state.olympiad.declaration} />}
    </SittingGate>
  );
}

function Declaration({ olympiadName, text }: { olympiadName: string; text: string }) {
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
        <Text size="lg">
          This olympiad is about what you know. Read the declaration, then tick the box to accept it.
        </Text>
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
          label="I have read the declaration and I promise to keep to it"
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
