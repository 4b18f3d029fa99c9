/**
 * scripts/check-schema.mjs (issue 12 "Schema governance"): a breaking change fails unless declared in
 * docs/schema/breaking-changes.json; additions pass; the CLI exits 1 on an undeclared breaking change.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-schema.mjs', import.meta.url));

interface Change {
  level: 'BREAKING' | 'DANGEROUS' | 'NON_BREAKING';
  path: string;
  message: string;
}
type CheckSchema = (input: {
  released: string;
  current: string;
  declared?: { path: string; reason: string }[];
}) => Promise<{ changes: Change[]; undeclared: Change[] }>;

const load = async () =>
  (
    (await import(new URL('../../scripts/check-schema.mjs', import.meta.url).href)) as {
      checkSchema: CheckSchema;
    }
  ).checkSchema;

const RELEASED = `
"""Root"""
type Query {
  """Orders"""
  orders(first: Int): [Order!]!
  """Old name"""
  legacy: String
}
"""An order"""
type Order { id: ID! status: String! }
`;

describe('scripts/check-schema.mjs', () => {
  it('passes a non-breaking diff (a field and a type added)', async () => {
    const checkSchema = await load();
    const current = RELEASED.replace(
      'type Order { id: ID! status: String! }',
      'type Order { id: ID! status: String! note: String }',
    );
    const r = await checkSchema({ released: RELEASED, current });
    expect(r.undeclared).toEqual([]);
    expect(r.changes).toEqual([expect.objectContaining({ level: 'NON_BREAKING', path: 'Order.note' })]);
  });

  it('fails a breaking diff (a field removed, a type changed) unless declared', async () => {
    const checkSchema = await load();
    const current = RELEASED.replace(/"""Old name"""\n {2}legacy: String\n/, '').replace(
      'status: String!',
      'status: Int!',
    );
    const r = await checkSchema({ released: RELEASED, current });
    expect(r.undeclared.map((c) => c.path).sort()).toEqual(['Order.status', 'Query.legacy']);
    expect(r.undeclared.every((c) => c.level === 'BREAKING')).toBe(true);
    const declared = await checkSchema({
      released: RELEASED,
      current,
      declared: [
        { path: 'Query.legacy', reason: 'unused since issue 3' },
        { path: 'Order.status', reason: 'integrators notified' },
      ],
    });
    expect(declared.undeclared).toEqual([]);
    await expect(
      checkSchema({ released: RELEASED, current, declared: [{ path: 'Query.legacy', reason: ' ' }] }),
    ).rejects.toThrow(/non-empty "reason"/);
  });

  it('the CLI prints the changes and exits 1 on an undeclared breaking change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-check-'));
    const files = { released: join(dir, 'r.graphql'), current: join(dir, 'c.graphql'), declared: join(dir, 'd.json') };
    writeFileSync(files.released, RELEASED);
    writeFileSync(files.current, RELEASED.replace(/"""Old name"""\n {2}legacy: String\n/, ''));
    writeFileSync(files.declared, '[]');
    const args = [SCRIPT, '--released', files.released, '--current', files.current, '--declared', files.declared];
    let status = 0;
    let output = '';
    try {
      execFileSync(process.execPath, args, { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      status = e.status;
      output = e.stdout + e.stderr;
    }
    expect(status).toBe(1);
    expect(output).toContain("BREAKING  Query.legacy: Field 'legacy' was removed from object type 'Query'");
    expect(output).toContain('1 breaking change(s) not declared');
    writeFileSync(files.declared, JSON.stringify([{ path: 'Query.legacy', reason: 'replaced by orders' }]));
    expect(execFileSync(process.execPath, args, { encoding: 'utf8' })).toContain('1 breaking');
  });

  it('the repository schema has no undeclared breaking change against the released snapshot', () => {
    expect(execFileSync(process.execPath, [SCRIPT], { encoding: 'utf8' })).toMatch(/^schema check: /m);
  });
});
