// Validates Kubernetes objects against the API's schemas as the kubernetes-models package
// carries them (scripts/kubernetes-models-npm.sh), for tests/e2e/kube_manifests.sh.
//   node validate_k8s.mjs NPM_DIR DOCS.json
// DOCS.json: an array of objects (the YAML documents, parsed by the test with a YAML 1.1
// reader as kubectl would). Each must be a kind we know, pass the model's validate() (types,
// required fields, enums, formats) and carry no field its type lacks: validate() allows
// unknown fields, but `kubectl apply` rejects them (strict field validation), so they are
// checked here against the models' type declarations. Prints one line per object; exits 1 on
// the first failure.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [npmDir, docsFile] = process.argv.slice(2);
const require = createRequire(path.join(npmDir, "package.json"));
const modelsDir = path.dirname(require.resolve("kubernetes-models/package.json"));

const kinds = {
  "v1/ConfigMap": ["kubernetes-models/v1", "ConfigMap", "v1/ConfigMap.d.ts"],
  "v1/Service": ["kubernetes-models/v1", "Service", "v1/Service.d.ts"],
  "v1/Pod": ["kubernetes-models/v1", "Pod", "v1/Pod.d.ts"],
  "v1/PersistentVolumeClaim": ["kubernetes-models/v1", "PersistentVolumeClaim", "v1/PersistentVolumeClaim.d.ts"],
  "batch/v1/Job": ["kubernetes-models/batch/v1", "Job", "batch/v1/Job.d.ts"],
};

// A file of another package (@kubernetes-models/apimachinery), nested or beside this one.
function packageFile(spec) {
  for (const dir of [path.join(modelsDir, "node_modules"), path.join(npmDir, "node_modules")]) {
    const file = path.join(dir, spec);
    if (existsSync(file)) return file;
  }
  throw new Error(`cannot find the declarations ${spec}`);
}

// One interface per declaration file: its fields and, for each, the file declaring its type
// (null for a leaf: a string, number, enum, map or Quantity).
const interfaces = new Map();
function readInterface(file) {
  if (interfaces.has(file)) return interfaces.get(file);
  const text = readFileSync(file, "utf8");
  const imports = new Map();
  for (const m of text.matchAll(/import \{ (\w+) \} from "([^"]+)";/g)) {
    const spec = m[2];
    const resolved = spec.startsWith(".") ? path.resolve(path.dirname(file), spec + ".d.ts") : packageFile(spec + ".d.ts");
    imports.set(m[1], resolved);
  }
  const body = text.match(/export interface \w+(?: extends [^{]+)? \{([\s\S]*?)\n\}/);
  const fields = new Map();
  if (body) {
    // Fields sit at four spaces; a map type (`{ [key: string]: V }`) spans lines and is a leaf.
    for (const m of body[1].matchAll(/^ {4}"([^"]+)"\??: (.+?);?$/gm)) {
      const type = m[2].trim();
      const array = type.match(/^Array<(\w+)>$/);
      const name = array ? array[1] : type;
      fields.set(m[1], { file: imports.get(name) ?? null, array: !!array });
    }
  }
  const info = { fields, open: !body };
  interfaces.set(file, info);
  return info;
}

function checkFields(value, file, where) {
  const info = readInterface(file);
  if (info.open || value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    const field = info.fields.get(key);
    if (!field) throw new Error(`${where}.${key}: unknown field (not in ${path.relative(modelsDir, file)})`);
    if (!field.file || child === null) continue;
    if (field.array) child.forEach((item, i) => checkFields(item, field.file, `${where}.${key}[${i}]`));
    else checkFields(child, field.file, `${where}.${key}`);
  }
}

const docs = JSON.parse(readFileSync(docsFile, "utf8"));
if (!Array.isArray(docs) || docs.length === 0) {
  console.error("validate_k8s: no documents");
  process.exit(1);
}
for (const [i, doc] of docs.entries()) {
  const id = `document ${i + 1} (${doc?.kind}/${doc?.metadata?.name})`;
  const entry = kinds[`${doc?.apiVersion}/${doc?.kind}`];
  if (!entry) {
    console.error(`FAIL ${id}: unexpected apiVersion/kind ${doc?.apiVersion}/${doc?.kind}`);
    process.exit(1);
  }
  const [module, className, declarations] = entry;
  try {
    new (require(module)[className])(doc).validate();
    checkFields(doc, path.join(modelsDir, declarations), doc.kind);
  } catch (e) {
    console.error(`FAIL ${id}: ${e.message}`);
    process.exit(1);
  }
  console.log(`ok ${id}`);
}
