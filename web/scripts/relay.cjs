// Runs relay-compiler from scratch: relay-compiler persists only operations whose artifacts change, so an
// incremental run after another one (or a partial run) leaves web/persisted-queries.json without some ids and the
// gateway then refuses them ('Unknown persisted query id'). Clearing the artifacts and the map makes every build
// write the complete map.
const { execFileSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { buildSchema, printSchema } = require('graphql');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
rmSync(join(root, 'web', 'src', '__generated__'), { recursive: true, force: true });
mkdirSync(join(root, 'web', 'src', '__generated__'), { recursive: true });
writeFileSync(join(root, 'web', 'persisted-queries.json'), '{}\n');
// relay-compiler treats every `extend type …` of the schema it reads as a client-only schema extension and leaves
// those fields out of the operation text sent to the gateway. schema.graphql extends types region by region (e.g.
// `extend type Administration`), so relay compiles against the same schema with the extensions folded in.
const sdl = readFileSync(join(root, 'schema.graphql'), 'utf8');
mkdirSync(join(root, 'node_modules', '.cache', 'relay'), { recursive: true });
writeFileSync(join(root, 'node_modules', '.cache', 'relay', 'schema.graphql'), printSchema(buildSchema(sdl)));
execFileSync('npx', ['relay-compiler'], { cwd: root, stdio: 'inherit' });
