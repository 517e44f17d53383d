/** An olympiad is entered by schools or by countries (decision 039); contract/olympiads.ts re-exports these. */
export const olympiadKinds = ['school', 'country'] as const;
export type OlympiadKind = (typeof olympiadKinds)[number];

/**
 * What an olympiad calls the unit its learners belong to, by its kind (decision 039): a school olympiad's learners
 * belong to a school kept by its teachers; a country olympiad's belong to a country's team kept by its team
 * admins, and its results rank countries. Every screen and every server sentence that names the unit takes its
 * words from here, so a team admin never reads "school".
 *
 * `unit` is what learners, orders and invoices belong to (school, team); `entrant` is what is entered in the
 * olympiad and ranked (school, country); `manager` is the person who keeps the unit (teacher, team admin).
 */
export interface UnitWords {
  kind: OlympiadKind;
  unit: string;
  units: string;
  Unit: string;
  Units: string;
  entrant: string;
  entrants: string;
  Entrant: string;
  Entrants: string;
  manager: string;
  managers: string;
  Manager: string;
  Managers: string;
  /** One of the unit's learners: a learner, a team member. */
  member: string;
  members: string;
  Members: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function words(
  kind: OlympiadKind,
  unit: string,
  entrant: string,
  entrants: string,
  manager: string,
  member: string,
): UnitWords {
  return {
    kind,
    unit,
    units: `${unit}s`,
    Unit: capital(unit),
    Units: capital(`${unit}s`),
    entrant,
    entrants,
    Entrant: capital(entrant),
    Entrants: capital(entrants),
    manager,
    managers: `${manager}s`,
    Manager: capital(manager),
    Managers: capital(`${manager}s`),
    member,
    members: `${member}s`,
    Members: capital(`${member}s`),
  };
}

const byKind: Record<OlympiadKind, UnitWords> = {
  school: words('school', 'school', 'school', 'schools', 'teacher', 'learner'),
  country: words('country', 'team', 'country', 'countries', 'team admin', 'team member'),
};

/** The words for an olympiad of this kind; a school olympiad's when the kind is not known (yet). */
export function unitWords(kind: OlympiadKind | null | undefined): UnitWords {
  return byKind[kind ?? 'school'];
}

/**
 * Payment before writing (decision 031): what a learner reads when their school's (team's) order is neither paid
 * nor pre-approved.
 */
export function unpaidMessage(kind: OlympiadKind | null | undefined): string {
  const w = unitWords(kind);
  return (
    `Your ${w.unit} has not paid for this olympiad yet, so you cannot start writing. ` +
    `Please tell your ${w.manager}: the ${w.unit}’s invoice must be paid, or the organisers can pre-approve the ${w.unit}.`
  );
}
