import type { ReactNode } from 'react';
import classes from './FactTiles.module.css';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** A few facts a person looks for at a glance (the sitting's time and sections, a queued learner's place). */
export function FactTiles({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className={classes.facts}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
