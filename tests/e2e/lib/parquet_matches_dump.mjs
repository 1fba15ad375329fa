// Compares what DuckDB reads from a Parquet file with the JSON Lines dump of aiperf-cpp's
// Parquet reader (one object per row: "__row" plus every column; lists as arrays). Every
// column of every row must be equal; NULLs included.
// Usage: node parquet_matches_dump.mjs <npm dir> <parquet> <dump.jsonl>
import { createRequire } from 'node:module';
import path from 'node:path';

const [npmDir, parquet, dump] = process.argv.slice(2);
const require = createRequire(path.join(npmDir, 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson();
const q = (s) => `'${s.replaceAll("'", "''")}'`;

await con.run(`CREATE TABLE p AS SELECT * FROM read_parquet(${q(parquet)}, file_row_number = true)`);
await con.run(`CREATE TABLE j AS SELECT json FROM read_json_objects(${q(dump)}, format = 'newline_delimited')`);

const failures = [];
const [{ n: pn }] = await rows(`SELECT count(*) AS n FROM p`);
const [{ n: jn }] = await rows(`SELECT count(*) AS n FROM j`);
if (pn !== jn) failures.push(`row count: DuckDB ${pn}, dump ${jn}`);
const joined = `FROM p JOIN j ON p.file_row_number = CAST(json_extract(j.json, '$.__row') AS BIGINT)`;
const [{ n: matched }] = await rows(`SELECT count(*) AS n ${joined}`);
if (matched !== pn) failures.push(`only ${matched} of ${pn} rows matched a dump line`);
for (const { column_name: name, column_type: type } of await rows(`DESCRIBE p`)) {
  if (name === 'file_row_number') continue;
  const p = q(`$."${name}"`);
  const expected = type === 'VARCHAR' ? `json_extract_string(j.json, ${p})` : `CAST(json_extract(j.json, ${p}) AS ${type})`;
  const [{ bad, nonnull }] = await rows(
    `SELECT count(*) FILTER (WHERE p."${name}" IS DISTINCT FROM ${expected}) AS bad, count(p."${name}") AS nonnull ${joined}`);
  if (bad !== '0') failures.push(`column ${name} (${type}): ${bad} rows differ`);
  console.log(`${name} ${type}: ${nonnull} non-null, ${bad} differ`);
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`ok: ${pn} rows match`);
