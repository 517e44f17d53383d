import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const t0=Date.now();
const db = await PGlite.create({ extensions: { pg_trgm } });
await db.exec('create extension if not exists pg_trgm; create table t(name text); create index on t using gin (name gin_trgm_ops);');
await db.exec("insert into t select 'school '||g from generate_series(1,1000) g");
console.log((await db.query("select name, similarity(name,'schol 12') s from t where name % 'schol 12' order by s desc limit 3")).rows);
const dump = await db.dumpDataDir();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log((await db2.query("select count(*) from t where name ilike '%ool 99%'")).rows, Date.now()-t0);
const db3 = await PGlite.create({ loadDataDir: dump });
try { console.log((await db3.query("select count(*) from t where name ilike '%ool 99%'")).rows);} catch(e){console.log('no ext', e.message)}
