import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries as eslint.config.js draws them, proven on small sources linted in memory at real paths
 * of this checkout (so the project's resolver and zones apply exactly as in `npm run lint`). Each case returns
 * the lines the boundary rule reports, so an allowed import beside a forbidden one shows the rule is precise.
 */
const cwd = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

async function reported(filePath: string, code: string, ruleId: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: `${cwd}${filePath}` });
  return result!.messages.filter((message) => message.ruleId === ruleId).map((message) => message.line);
}
const zones = 'import-x/no-restricted-paths';

beforeAll(() => {
  eslint = new ESLint({ cwd });
});

describe('import boundaries', { timeout: 120_000 }, () => {
  it('a server feature, two folders down, may not import another feature, not even its types', async () => {
    const lines = await reported(
      'server/features/mail/queue/boundary-probe.ts',
      [
        "import { listInvoices } from '../../finance/invoices/queries.js';",
        "import type { Quote } from '../../finance/money.js';",
        "import { mailReach } from '../load.js';",
        "import { offsetOf } from '../../../platform/paging.js';",
        "import { notFound } from '../../../http/errors.js';",
        "import { Ok } from '#contract/errors';",
        'export const probe = [listInvoices, mailReach, offsetOf, notFound, Ok] as unknown as Quote;',
      ].join('\n'),
      zones,
    );
    expect(lines).toEqual([1, 2]);
  });

  it('the web-serving feature reads the public queries, and nothing else of another feature', async () => {
    const lines = await reported(
      'server/features/spa/boundary-probe.ts',
      [
        "import { findProject } from '../public/queries.js';",
        "import { publicRoutes } from '../public/routes.js';",
        'export const probe = [findProject, publicRoutes];',
      ].join('\n'),
      zones,
    );
    expect(lines).toEqual([2]);
  });

  it('shared server code, the seed and the backup commands import no feature', async () => {
    const code = (up: string) =>
      `import { listInvoices } from '${up}features/finance/invoices/queries.js';\nexport const probe = listInvoices;`;
    expect(await reported('server/platform/boundary-probe.ts', code('../'), zones)).toEqual([1]);
    expect(await reported('server/seed/boundary-probe.ts', code('../'), zones)).toEqual([1]);
    expect(await reported('server/ops/boundary-probe.ts', code('../'), zones)).toEqual([1]);
  });

  it("a web feature may not import another feature's files; the public site mounts a feature by its routes.ts only", async () => {
    const feature = await reported(
      'web/src/features/reports/boundary-probe.ts',
      [
        "import { publicKeys } from '../public/api/keys.js';",
        "import { reportKeys } from './api/keys.js';",
        'export const probe = [publicKeys, reportKeys];',
      ].join('\n'),
      zones,
    );
    expect(feature).toEqual([1]);
    const site = await reported(
      'web/src/public-site/boundary-probe.ts',
      [
        "import { publicKeys } from '../features/public/api/keys.js';",
        "import { publicRoutes } from '../features/public/routes.js';",
        'export const probe = [publicKeys, publicRoutes];',
      ].join('\n'),
      zones,
    );
    expect(site).toEqual([1]);
  });

  it('an import cycle held together by a type-only import is reported', async () => {
    // The reports' query keys importing a parameter type from a query module that imports the keys.
    const keys = [
      "import type { FeedbackParams } from './get-feedback.js';",
      'export type Probe = FeedbackParams;',
    ].join('\n');
    expect(await reported('web/src/features/reports/api/keys.ts', keys, 'boundaries/no-cycle')).toEqual([1]);
    const below = "import type { FeedbackParams } from './params.js';\nexport type Probe = FeedbackParams;";
    expect(await reported('web/src/features/reports/api/keys.ts', below, 'boundaries/no-cycle')).toEqual([]);
  });
});
