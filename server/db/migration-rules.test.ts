import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { COMPATIBLE_SINCE, incompatibilities, refusedMigrations } from './migration-rules.js';

/**
 * Migrations compatible with the version before (decision 103): the previous release keeps running on the database
 * during a rolling restart and while the machines are released one at a time.
 */
describe('the migrations since the rule began', () => {
  it('each leaves the database usable by the version before, or is a marked contract step', () => {
    expect(refusedMigrations(migrationsFolder)).toEqual([]);
  });
});

describe('what the check refuses (server/db/migration-rules.ts)', () => {
  it('allows an expand: new tables, nullable or defaulted columns, indexes', () => {
    expect(
      incompatibilities(`
        CREATE TABLE "learner_notes" ("id" serial PRIMARY KEY NOT NULL, "body" text NOT NULL);
        --> statement-breakpoint
        ALTER TABLE "users" ADD COLUMN "nickname" text, ADD COLUMN "score" numeric(10,2) NOT NULL DEFAULT 0;
        ALTER TABLE "users" ADD CONSTRAINT "users_nick" UNIQUE ("nickname");
        ALTER TABLE "users" ALTER COLUMN "locale" SET DEFAULT 'en';
        ALTER TABLE "users" ALTER COLUMN "locale" SET NOT NULL;
        CREATE INDEX "users_nickname_idx" ON "users" ("nickname");
        -- a comment may say DROP TABLE or RENAME
      `),
    ).toEqual([]);
  });

  it('refuses a drop, a rename, a type change and a NOT NULL the previous version would not fill', () => {
    expect(incompatibilities('ALTER TABLE "users" DROP COLUMN "nickname";')).toEqual([
      'DROP COLUMN: the previous version may still read the column',
    ]);
    expect(incompatibilities('DROP TABLE "learner_notes";')).toHaveLength(1);
    expect(incompatibilities('ALTER TABLE "users" RENAME COLUMN "nickname" TO "alias";')).toHaveLength(1);
    expect(incompatibilities('ALTER TABLE users RENAME TO people;')).toHaveLength(1);
    expect(incompatibilities('ALTER TABLE "users" ALTER COLUMN "grade" SET DATA TYPE smallint;')).toHaveLength(1);
    expect(incompatibilities('alter table users alter column grade type smallint;')).toHaveLength(1);
    expect(incompatibilities('ALTER TABLE "users" ALTER COLUMN "nickname" SET NOT NULL;')).toEqual([
      'SET NOT NULL on nickname without a default: the previous version inserts without it',
    ]);
    expect(incompatibilities('ALTER TABLE "users" ADD COLUMN "alias" text NOT NULL;')).toEqual([
      'ADD COLUMN alias NOT NULL without a default: the previous version inserts without it',
    ]);
    expect(incompatibilities('ALTER TABLE users ADD alias text NOT NULL, ADD COLUMN b int;')).toHaveLength(1);
  });

  it('names the file, and lets a contract step through when its marker names an earlier migration', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'olympus-migrations-'));
    const n = (k: number) => String(COMPATIBLE_SINCE + k).padStart(4, '0');
    try {
      writeFileSync(path.join(folder, `${n(0)}_old.sql`), 'DROP TABLE "before_the_rule";');
      writeFileSync(path.join(folder, `${n(1)}_nickname.sql`), 'ALTER TABLE "users" ADD COLUMN "nickname" text;');
      writeFileSync(path.join(folder, `${n(2)}_drop_alias.sql`), 'ALTER TABLE "users" DROP COLUMN "alias";');
      writeFileSync(
        path.join(folder, `${n(3)}_drop_nickname.sql`),
        `-- contract step of ${n(1)}_nickname: the release of ${n(2)} stopped reading users.nickname\n` +
          'ALTER TABLE "users" DROP COLUMN "nickname";',
      );
      writeFileSync(
        path.join(folder, `${n(4)}_wrong_marker.sql`),
        `-- contract step of ${n(9)}_later: names no earlier migration\nDROP TABLE "x";`,
      );
      expect(refusedMigrations(folder)).toEqual([
        { file: `${n(2)}_drop_alias.sql`, reason: 'DROP COLUMN: the previous version may still read the column' },
        { file: `${n(4)}_wrong_marker.sql`, reason: `its contract marker names ${n(9)}, not an earlier migration` },
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
