// Reads profile_export.parquet with DuckDB and checks it against profile_export.jsonl:
// same row count, every JSONL metric has a column, and every column of every row equals the
// JSONL value (NULL where the JSONL leaves the field out). Both files are read by DuckDB, so
// 64-bit nanosecond timestamps are compared exactly.
// Usage: node parquet_matches_jsonl.mjs <npm dir> <parquet> <jsonl>
import { createRequire } from 'node:module';
import path from 'node:path';

const [npmDir, parquet, jsonl] = process.argv.slice(2);
const require = createRequire(path.join(npmDir, 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson();
const q = (s) => `'${s.replaceAll("'", "''")}'`;

await con.run(`CREATE TABLE p AS SELECT * FROM read_parquet(${q(parquet)})`);
await con.run(`CREATE TABLE j AS SELECT json FROM read_json_objects(${q(jsonl)}, format = 'newline_delimited')`);

const metadata = new Set(['session_num', 'x_request_id', 'x_correlation_id', 'conversation_id', 'turn_index',
  'credit_issued_ns', 'request_start_ns', 'request_ack_ns', 'request_end_ns', 'worker_id',
  'record_processor_id', 'benchmark_phase', 'was_cancelled', 'cancellation_time_ns']);
const jsonPath = (name) => {
  if (metadata.has(name)) return `$.metadata.${name}`;
  if (name.startsWith('error_') && name !== 'error_isl') return `$.error.${name.slice(6)}`;
  return `$.metrics.${name}.value`;
};
const expected = (name, type) => {
  const p = q(jsonPath(name));
  if (type === 'VARCHAR') return `json_extract_string(j.json, ${p})`;
  if (type === 'BOOLEAN') return `coalesce(CAST(json_extract(j.json, ${p}) AS BOOLEAN), false)`;
  return `CAST(json_extract(j.json, ${p}) AS ${type})`;
};

const failures = [];
const columns = await rows(`DESCRIBE p`);
const [{ n: pn }] = await rows(`SELECT count(*) AS n FROM p`);
const [{ n: jn }] = await rows(`SELECT count(*) AS n FROM j`);
if (pn !== jn) failures.push(`row count: parquet ${pn}, jsonl ${jn}`);
// session_num counts from 0 in each phase: (phase, session_num) names a record.
const [{ n: distinct }] = await rows(`SELECT count(DISTINCT (benchmark_phase, session_num)) AS n FROM p`);
if (distinct !== pn) failures.push(`(benchmark_phase, session_num) is not unique (${distinct} of ${pn})`);

const names = new Set(columns.map((c) => c.column_name));
for (const { k } of await rows(`SELECT DISTINCT unnest(json_keys(json, '$.metrics')) AS k FROM j`))
  if (!names.has(k)) failures.push(`JSONL metric ${k} has no parquet column`);

const joined = `FROM p JOIN j ON p.session_num = CAST(json_extract(j.json, '$.metadata.session_num') AS BIGINT)
  AND p.benchmark_phase = json_extract_string(j.json, '$.metadata.benchmark_phase')`;
const [{ n: matched }] = await rows(`SELECT count(*) AS n ${joined}`);
if (matched !== pn) failures.push(`only ${matched} of ${pn} rows matched a JSONL line by (phase, session_num)`);
for (const { column_name: name, column_type: type } of columns) {
  const [{ bad, nonnull }] = await rows(
    `SELECT count(*) FILTER (WHERE p."${name}" IS DISTINCT FROM ${expected(name, type)}) AS bad,
            count(p."${name}") AS nonnull ${joined}`);
  if (bad !== '0') failures.push(`column ${name} (${type}): ${bad} rows differ from the JSONL`);
  console.log(`${name} ${type}: ${nonnull} non-null, ${bad} differ`);
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`ok: ${pn} rows, ${columns.length} columns match`);
