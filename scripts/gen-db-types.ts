// Writes what the migrated database defines, read from its catalog (never from the migration text):
//   supabase/schema.sql                 pg_dump --schema-only of schemas public and private
//   src/services/database.types.ts      every function the API roles may call: name, arguments,
//                                       returns, in supabase-js's Database shape (createClient<Database>)
// The database is the real-engine test tier's (tests/support/postgres.ts): a throw-away cluster set
// up like hosted Supabase with every migration applied. With --check it writes nothing and fails
// when a committed file is stale (npm test runs it so).
//   tsx scripts/gen-db-types.ts [--check]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresProgram, startCluster, TEMPLATE_DB } from '../tests/support/postgres.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SCHEMA_FILE = 'supabase/schema.sql';
const TYPES_FILE = 'src/services/database.types.ts';
const check = process.argv.includes('--check');

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  defaults: number;
  returns: string;
  returns_set: boolean;
  table_columns: { name: string; type: string }[] | null;
}

const SCALARS: Record<string, string> = {
  text: 'string',
  uuid: 'string',
  'character varying': 'string',
  'timestamp with time zone': 'string',
  'timestamp without time zone': 'string',
  date: 'string',
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
};

function tsType(sqlType: string): string {
  if (sqlType.endsWith('[]')) return `${tsType(sqlType.slice(0, -2))}[]`;
  const type = SCALARS[sqlType];
  if (!type) throw new Error(`no TypeScript type for SQL type ${sqlType}: add it to SCALARS`);
  return type;
}

const quoteKey = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : JSON.stringify(name));

function typesFile(functions: FunctionRow[]): string {
  const entries = functions.map((fn) => {
    const required = fn.arg_types.length - fn.defaults;
    const args = fn.arg_types.map((type, i) => {
      const name = fn.arg_names?.[i];
      if (!name) throw new Error(`${fn.name}: argument ${i + 1} has no name (PostgREST calls by name)`);
      // SQL passes null for any argument (the functions refuse it themselves where it is wrong).
      return `${quoteKey(name)}${i >= required ? '?' : ''}: ${tsType(type)} | null`;
    });
    const returns = fn.table_columns
      ? `{ ${fn.table_columns.map((c) => `${quoteKey(c.name)}: ${tsType(c.type)}`).join('; ')} }[]`
      : fn.returns_set
        ? `${tsType(fn.returns)}[]`
        : `${tsType(fn.returns)}${['Json', 'undefined'].includes(tsType(fn.returns)) ? '' : ' | null'}`;
    const argsType = args.length ? `{ ${args.join('; ')} }` : 'Record<PropertyKey, never>';
    return `      ${quoteKey(fn.name)}: { Args: ${argsType}; Returns: ${returns} };`;
  });
  return `// GENERATED FILE: do not edit. Source: the migrated database's catalog (supabase/migrations).
// Regenerate with \`npm run db:types\` (scripts/gen-db-types.ts); npm test checks it is fresh.
// Only what the app may call: the functions of schema public that an API role may execute. json
// results are Json here: each service decodes them (src/services/rpc.ts).
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: Record<never, never>;
    Views: Record<never, never>;
    Functions: {
${entries.join('\n')}
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
`;
}

/** The text as the project's formatter writes it, so lint and the freshness check agree. */
function formatted(file: string, text: string): string {
  const biome = join(ROOT, 'node_modules', '.bin', 'biome');
  return execFileSync(biome, ['format', `--stdin-file-path=${file}`], {
    input: text,
    encoding: 'utf8',
    cwd: ROOT,
  });
}

const FUNCTIONS_SQL = `
  select p.proname as name, p.proargnames[1:p.pronargs] as arg_names,
         array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
         p.pronargdefaults as defaults, format_type(p.prorettype, null) as returns, p.proretset as returns_set,
         case when p.proargmodes is not null and 't' = any (p.proargmodes) then
           (select json_agg(json_build_object('name', n, 'type', format_type(t, null)) order by i)
              from unnest(p.proargnames, p.proallargtypes, p.proargmodes) with ordinality as a(n, t, m, i)
             where m = 't')
         end as table_columns
    from pg_proc p
   where p.pronamespace = 'public'::regnamespace
     and (has_function_privilege('anon', p.oid, 'execute')
       or has_function_privilege('authenticated', p.oid, 'execute')
       or has_function_privilege('service_role', p.oid, 'execute'))
   order by p.proname, p.oid`;

function schemaFile(dump: string): string {
  const body = dump
    .split('\n')
    // The dump's tool and server versions, and psql's session settings, are not the schema.
    .filter((line) => !/^-- Dumped (from|by) /.test(line) && !/^\\(un)?restrict /.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `-- GENERATED FILE: do not edit. Source: the migrated database (supabase/migrations), dumped with
-- pg_dump --schema-only --schema=public --schema=private. Regenerate with \`npm run db:types\`
-- (scripts/gen-db-types.ts); npm test checks it is fresh. Read it to see each object's one current
-- definition; deploy with the migrations, never with this file.
${body}
`;
}

const cluster = await startCluster();
let outputs: [string, string][];
try {
  const client = new pg.Client({ connectionString: cluster.url(TEMPLATE_DB) });
  await client.connect();
  const functions = (await client.query<FunctionRow>(FUNCTIONS_SQL)).rows;
  await client.end();
  const names = functions.map((fn) => fn.name);
  const overloaded = names.filter((name, i) => names.indexOf(name) !== i);
  if (overloaded.length)
    throw new Error(`overloaded API functions (PostgREST cannot tell them apart): ${overloaded}`);
  const dump = execFileSync(
    postgresProgram('pg_dump'),
    ['--schema-only', '--schema=public', '--schema=private', cluster.url(TEMPLATE_DB)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  outputs = [
    [SCHEMA_FILE, schemaFile(dump)],
    [TYPES_FILE, formatted(TYPES_FILE, typesFile(functions))],
  ];
} finally {
  cluster.stop();
}

const stale: string[] = [];
for (const [file, text] of outputs) {
  const path = join(ROOT, file);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // missing: stale
  }
  if (current === text) continue;
  if (check) stale.push(file);
  else writeFileSync(path, text);
}
if (stale.length) {
  console.error(`stale: ${stale.join(', ')}. Run npm run db:types and commit the result.`);
  process.exit(1);
}
console.log(
  check ? 'database schema and types up to date' : `wrote ${outputs.map(([file]) => file).join(', ')}`,
);
