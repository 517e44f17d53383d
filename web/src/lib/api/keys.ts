/** A key builder of a feature's factory: its arguments become the key's tail. */
type KeyPart = (...args: never[]) => readonly unknown[];

export type FeatureKeys<F extends string, D extends Record<string, KeyPart>> = { all: readonly [F] } & {
  [K in keyof D]: (...args: Parameters<D[K]>) => readonly [F, K, ...ReturnType<D[K]>];
};

/**
 * A feature's query-key factory (one per feature, in `features/<f>/api/keys.ts`). Every key starts with the
 * feature's name, then the part's name, then its arguments, so `keys.all` invalidates the whole feature:
 *
 *   export const faqKeys = queryKeys('faq', { list: (params: FaqListParams) => [params], targets: () => [] });
 *   faqKeys.list(params) // ['faq', 'list', params]
 */
export function queryKeys<const F extends string, const D extends Record<string, KeyPart>>(
  feature: F,
  parts: D,
): FeatureKeys<F, D> {
  const keys: Record<string, unknown> = { all: [feature] as const };
  for (const [name, part] of Object.entries(parts)) {
    keys[name] = (...args: never[]) => [feature, name, ...part(...args)] as const;
  }
  return keys as FeatureKeys<F, D>;
}
