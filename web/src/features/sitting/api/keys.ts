/** TanStack Query keys of the learner's sitting, per olympiad. */
export const sittingKeys = {
  all: (olympiadName: string) => ['sitting', olympiadName] as const,
  state: (olympiadName: string) => ['sitting', olympiadName, 'state'] as const,
  paper: (olympiadName: string) => ['sitting', olympiadName, 'paper'] as const,
};

export function sittingPath(olympiadName: string, rest: string): string {
  return `/api/sitting/${encodeURIComponent(olympiadName)}/${rest}`;
}
