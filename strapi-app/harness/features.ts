/**
 * The feature list of a gold license as Strapi 5.54.0 defaults it (DEFAULT_FEATURES in
 * packages/core/core/src/ee/license.ts), for a test license that changes one feature's options:
 * `bootStrapi({ ee: true, license: { features: goldFeatures({ 'cms-content-releases': { maximumReleases: 20 } }) } })`.
 */
export function goldFeatures(
  options: Record<string, Record<string, unknown>> = {},
): Array<{ name: string; options?: Record<string, unknown> }> {
  const defaults: Array<{ name: string; options?: Record<string, unknown> }> = [
    { name: 'sso' },
    { name: 'audit-logs', options: { retentionDays: null } },
    { name: 'review-workflows' },
    { name: 'cms-content-releases' },
    { name: 'cms-content-history', options: { retentionDays: 99999 } },
    { name: 'cms-advanced-preview' },
  ];
  for (const name of Object.keys(options)) {
    if (!defaults.some((f) => f.name === name)) throw new Error(`${name} is not a feature of the gold plan`);
  }
  return defaults.map((f) => (options[f.name] ? { ...f, options: { ...f.options, ...options[f.name] } } : f));
}
