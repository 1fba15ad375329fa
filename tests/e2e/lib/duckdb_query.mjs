// Runs one SQL query with DuckDB (npm) and prints each result row as a JSON line, so shell
// tests can grep what DuckDB reads from a file (values, parquet_metadata()).
// Usage: node duckdb_query.mjs <npm dir> '<sql>'
import { createRequire } from 'node:module';
import path from 'node:path';

const [npmDir, sql] = process.argv.slice(2);
const require = createRequire(path.join(npmDir, 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
for (const row of (await con.runAndReadAll(sql)).getRowObjectsJson()) console.log(JSON.stringify(row));
