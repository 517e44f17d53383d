import type { FastifyInstance } from 'fastify';

/**
 * The waiting room's gate at a learner's sign-in (decision 053). The sitting feature keeps the waiting room; the
 * sign-in asks it, through this gate, whether a learner may go on before their password is checked, so that in a
 * storm a learner gets their place in the queue at once instead of waiting for a password check the servers
 * cannot yet afford. Until the sitting feature installs its rule, everyone goes on.
 */
export type GateAnswer =
  | { admitted: true }
  | {
      admitted: false;
      /** How many are to be admitted before this learner, themselves included. */
      position: number;
      /** About how long, at the rate in force; null while admission is paused. */
      estimateSeconds: number | null;
      /** What the learner's page polls with (signed; names the olympiad and the learner). */
      pass: string;
    };

export interface GateRule {
  /**
   * May the learner signing in with this username to this olympiad (its name, lower case) go on to the password check
   * now? Anyone the rule does not know as a learner there goes on, for the sign-in to refuse precisely.
   */
  check(learner: { olympiadName: string; username: string }): Promise<GateAnswer>;
  /** A learner's sign-in that went on (its password checked) answered after this many milliseconds. */
  record(ms: number): void;
}

export interface ArrivalGate extends GateRule {
  /** Installs the rule (the sitting feature, once). */
  use(rule: GateRule): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    arrivalGate: ArrivalGate;
  }
}

export function registerArrivalGate(app: FastifyInstance): void {
  let rule: GateRule = { check: async () => ({ admitted: true }), record: () => undefined };
  app.decorate('arrivalGate', {
    check: (learner) => rule.check(learner),
    record: (ms) => rule.record(ms),
    use(next) {
      rule = next;
    },
  } satisfies ArrivalGate);
}
