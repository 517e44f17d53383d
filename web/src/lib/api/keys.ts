/** A key builder of a feature's factory: its arguments become the key's tail. */
type KeyPart = (...args: never[]) => readonly unknown[];

/** One part's key builder; `prefix` is the key that covers every key the part builds. */
export type PartKey<F extends string, K, P extends KeyPart> = ((
  ...args: Parameters<P>
) => readonly [F, K, ...ReturnType<P>]) & { prefix: readonly [F, K] };

export type FeatureKeys<F extends string, D extends Record<string, KeyPart>> = { all: readonly [F] } & {
  [K in keyof D]: PartKey<F, K, D[K]>;
};

/**
 * A feature's query-key factory (one per feature, in `features/<f>/api/keys.ts`). Every key starts with the
 * feature's name, then the part's name, then its arguments, so `keys.all` invalidates the whole feature and
 * `keys.<part>.prefix` one part:
 *
 *   export const faqKeys = queryKeys('faq', { list: (params: FaqListParams) => [params], targets: () => [] });
 *   faqKeys.list(params) // ['faq', 'list', params]
 *   faqKeys.list.prefix // ['faq', 'list']
 */
export function queryKeys<const F extends string, const D extends Record<string, KeyPart>>(
  feature: F,
  parts: D,
): FeatureKeys<F, D> {
  const keys: Record<string, unknown> = { all: [feature] as const };
  for (const [name, part] of Object.entries(parts)) {
    keys[name] = Object.assign((...args: never[]) => [feature, name, ...part(...args)] as const, {
      prefix: [feature, name] as const,
    });
  }
  return keys as FeatureKeys<F, D>;
}
