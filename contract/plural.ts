/**
 * A count with its noun, singular for one: `count(1, 'learner')` is "1 learner", `count(3, 'learner')` "3
 * learners", `count(2, 'school has', 'schools have')`. The one helper for it, so no page says "1 learners".
 */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
