// Keeps imports flowing one way (STYLE.md rule 4): domain <- server, domain <- web;
// inside the web app ui/api <- features <- app, and no feature imports another; no server
// module imports another module except through its index, nor uses another module's tables (by
// import or by name in SQL text: TABLE_OWNERS below). The web imports the domain by subpath only
// (the barrel would pull every contract and zod into public pages). Prints each offending import
// and exits 1.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
}
for (const d of ['packages/domain/src', 'apps/server/src', 'apps/web/src']) walk(join(root, d));

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const rel = (p) => relative(root, p).split(sep).join('/');
const problems = [];
/** Module-to-module imports, `from>to`, for the cycle check. */
const moduleEdges = new Set();

for (const file of files) {
  const from = rel(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : spec;
    const say = (why) => problems.push(`${from}: imports ${spec} (${why})`);
    if (from.startsWith('packages/domain/')) {
      if (target.startsWith('apps/') || target.startsWith('@clinic/')) say('domain imports nothing of the apps');
      continue;
    }
    if (from.startsWith('apps/web/') && target === '@clinic/domain') {
      say('the web imports @clinic/domain by subpath, not the barrel: docs/decisions.md');
    }
    if (from.startsWith('apps/server/') && target.startsWith('apps/web/')) say('server never imports web');
    if (from.startsWith('apps/web/') && target.startsWith('apps/server/')) say('web never imports server');
    const feature = (p, base) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : null);
    const webFrom = feature(from, 'apps/web/src/features/');
    const webTo = feature(target, 'apps/web/src/features/');
    if (webFrom && webTo && webFrom !== webTo) say('features never import each other');
    if ((from.startsWith('apps/web/src/ui/') || from.startsWith('apps/web/src/api/')) && (webTo || target.startsWith('apps/web/src/app/'))) {
      say('shared pieces never import features or the app');
    }
    if (webFrom && target.startsWith('apps/web/src/app/')) say('features never import the app shell');
    const modFrom = feature(from, 'apps/server/src/modules/');
    const modTo = feature(target, 'apps/server/src/modules/');
    if (modFrom && modTo && modFrom !== modTo) {
      if (target !== `apps/server/src/modules/${modTo}/index` && target !== `apps/server/src/modules/${modTo}/index.js`) {
        say(`another module only through modules/${modTo}/index.ts`);
      }
      moduleEdges.add(`${modFrom}>${modTo}`);
    }
    if (target.startsWith('apps/server/src/modules/') && !modFrom && !from.startsWith('apps/server/src/app.ts') && !from.includes('/test/')) {
      if (from.startsWith('apps/server/src/platform/') || from.startsWith('apps/server/src/db/')) say('platform and db never import modules');
    }
  }
}

// A cycle between modules means neither owns the data in between: refuse it.
const graph = new Map();
for (const edge of moduleEdges) {
  const [a, b] = edge.split('>');
  if (!graph.has(a)) graph.set(a, []);
  graph.get(a).push(b);
}
const state = new Map();
function visit(node, path) {
  if (state.get(node) === 'done') return;
  if (state.get(node) === 'open') {
    problems.push(`server modules import each other in a cycle: ${[...path.slice(path.indexOf(node)), node].join(' -> ')}`);
    return;
  }
  state.set(node, 'open');
  for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
  state.set(node, 'done');
}
for (const node of graph.keys()) visit(node, []);

// Each table has one owner: the module named like the schema file that declares it
// (db/schema/<feature>.ts). A module reads or writes another module's tables only through that
// module's index.ts, so the owner keeps its rules (tenancy, erasure, merges) in one place. A name a
// schema file exports (table, row type, helper) belongs to that file's owner. Tests, platform/
// and db/ may read any table.
const SCHEMA_DIR = 'apps/server/src/db/schema';
const PLATFORM = 'platform';
const ANYONE = 'anyone';
/** Schema file -> the module that owns its tables. */
const TABLE_OWNERS = {
  'api-keys': 'api-keys',
  audit: PLATFORM, // written by platform/audit.ts (ctx.audit) for every module, read through platform/audit-readers.ts
  billing: 'billing',
  'clinical-trials': 'clinical-trials',
  emergency: 'emergency',
  gdpr: 'gdpr',
  idempotency: PLATFORM, // platform/idempotency.ts
  identity: 'auth', // accounts, sessions and sign-in records; other modules reach accounts through platform/accounts.ts
  integrations: 'integrations',
  members: 'members', // memberships and invitations
  organizations: 'organizations', // the organization row and its clinics
  paging: 'paging', // pages, their timelines and the on-call rotas
  patients: 'patients',
  'pediatric-intake': 'pediatric-intake',
  'person-data': ANYONE, // no tables: the list of patient data each erasure empties
  'tenant-columns': ANYONE, // no tables: the columns every tenant table repeats
  queue: 'queue',
  'rate-limits': PLATFORM, // platform/rate-limit.ts: the request limits' counters
  settings: 'settings',
  sso: 'sso', // single sign-on: settings, claimed domains, identities, sign-ins under way, link requests
  triage: 'triage',
  visitors: 'visitors',
};

/** Exported name -> schema file (without .ts) that declares it; SQL table name -> its exported name. */
const declaredIn = new Map();
const sqlTables = new Map();
for (const name of readdirSync(join(root, SCHEMA_DIR))) {
  if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === 'index.ts') continue;
  const schemaFile = name.slice(0, -3);
  if (!(schemaFile in TABLE_OWNERS)) problems.push(`${SCHEMA_DIR}/${name}: no owner in TABLE_OWNERS of scripts/check-imports.mjs`);
  const text = readFileSync(join(root, SCHEMA_DIR, name), 'utf8');
  for (const m of text.matchAll(/export\s+(?:const|let|function|class|enum|interface|type)\s+([A-Za-z_$][\w$]*)/g))
    declaredIn.set(m[1], schemaFile);
  for (const m of text.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g)) sqlTables.set(m[2], m[1]);
}
/** Whether `mod` may use a name declared in `schemaFile`. */
const mayUse = (mod, schemaFile) => TABLE_OWNERS[schemaFile] === mod || TABLE_OWNERS[schemaFile] === ANYONE;
const tableProblem = (from, what, name, schemaFile) => {
  const owner = TABLE_OWNERS[schemaFile];
  const way = owner === PLATFORM ? 'only platform/ reads it' : `read it through modules/${owner}/index.ts`;
  problems.push(`${from}: ${what} ${name} of db/schema/${schemaFile}.ts, a table of ${owner} (${way})`);
};
/** A table named in SQL text: `from t`, `join t`, `into t`, `update t`. */
const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/g;
const NAMED_IMPORT = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"]([^'"]+)['"]|import\s+\*\s+as\s+\w+\s+from\s+['"]([^'"]+)['"]/g;
for (const file of files) {
  const from = rel(file);
  const mod = from.startsWith('apps/server/src/modules/') ? from.split('/')[4] : null;
  // Tests and their fixtures may read any table.
  if (!mod || /\.(test|fixtures|testing)\.tsx?$/.test(from)) continue;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(SQL_TABLE)) {
    const name = sqlTables.get(m[1]);
    if (name && !mayUse(mod, declaredIn.get(name))) tableProblem(from, `queries ${m[1]} (SQL text), that is`, name, declaredIn.get(name));
  }
  for (const m of text.matchAll(NAMED_IMPORT)) {
    const spec = m[2] ?? m[3];
    const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)).replace(/\.js$/, '') : spec;
    if (target !== SCHEMA_DIR && !target.startsWith(`${SCHEMA_DIR}/`)) continue;
    if (m[3]) {
      problems.push(`${from}: imports db/schema as a whole (name the tables of modules/${mod} instead)`);
      continue;
    }
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (!name) continue;
      const schemaFile = declaredIn.get(name);
      if (schemaFile && TABLE_OWNERS[schemaFile] && !mayUse(mod, schemaFile)) tableProblem(from, 'uses', name, schemaFile);
    }
  }
}

if (problems.length) {
  console.error(`Import direction check failed (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Import direction check: ${files.length} files, no problem.`);
