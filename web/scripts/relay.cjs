// Runs relay-compiler from scratch: relay-compiler persists only operations whose artifacts change, so an
// incremental run after another one (or a partial run) leaves web/persisted-queries.json without some ids and the
// gateway then refuses them ('Unknown persisted query id'). Clearing the artifacts and the map makes every build
// write the complete map.
const { execFileSync } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
rmSync(join(root, 'web', 'src', '__generated__'), { recursive: true, force: true });
mkdirSync(join(root, 'web', 'src', '__generated__'), { recursive: true });
writeFileSync(join(root, 'web', 'persisted-queries.json'), '{}\n');
execFileSync('npx', ['relay-compiler'], { cwd: root, stdio: 'inherit' });
