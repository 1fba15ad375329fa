// A local OTLP/HTTP metrics receiver for the e2e tests: decodes each POST /v1/metrics body with
// the OpenTelemetry project's protobuf definitions (scripts/otlp-npm.sh) and appends it, as
// JSON (64-bit integers as strings), to OUT_FILE. Prints "listening on URL" once ready.
//   node otlp_receiver.mjs NPM_DIR OUT_FILE
import { createRequire } from 'node:module';
import http from 'node:http';
import fs from 'node:fs';

const [npmDir, outFile] = process.argv.slice(2);
const require = createRequire(npmDir + '/');
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root.js');
const Request = root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
const Response = root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const entry = { method: req.method, path: req.url, content_type: req.headers['content-type'] || '' };
    try {
      const message = Request.decode(Buffer.concat(chunks));
      entry.request = Request.toObject(message, { longs: String, arrays: true, defaults: false });
    } catch (e) {
      entry.decode_error = String(e);
    }
    fs.appendFileSync(outFile, JSON.stringify(entry) + '\n');
    const ok = req.method === 'POST' && req.url === '/v1/metrics' && !entry.decode_error;
    res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/x-protobuf' });
    res.end(ok ? Buffer.from(Response.encode(Response.create({})).finish()) : undefined);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
