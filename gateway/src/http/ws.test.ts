// Issue 15 (10 000 idle subscriptions in one gateway): socket operations share one syntax tree per valid document text,
// and their DataLoaders exist only while an operation or an event is being resolved.
import { describe, expect, it } from 'vitest';
import { buildSchema, specifiedRules } from 'graphql/index.js';
import { createContext } from '../context.js';
import { dropLoaders, socketContext, ValidDocuments } from './ws.js';

const schema = buildSchema('type Query { a: Int, b: String }');

describe('ValidDocuments', () => {
  it('answers the same document object for the same valid text', () => {
    const docs = new ValidDocuments(schema, specifiedRules);
    const one = docs.get('{ a }');
    expect(one).toBeDefined();
    expect(docs.get('{ a }')).toBe(one);
    expect(docs.get('{ b }')).not.toBe(one);
    expect(docs.size).toBe(2);
  });

  it('keeps nothing for text that does not parse or validate', () => {
    const docs = new ValidDocuments(schema, specifiedRules);
    expect(docs.get('{ a')).toBeUndefined();
    expect(docs.get('{ nope }')).toBeUndefined();
    expect(docs.size).toBe(0);
  });

  it('forgets the oldest beyond its bound', () => {
    const docs = new ValidDocuments(schema, specifiedRules, 2);
    const first = docs.get('{ a }');
    docs.get('{ b }');
    docs.get('{ a b }');
    expect(docs.size).toBe(2);
    expect(docs.get('{ a }')).not.toBe(first);
  });
});

describe('socketContext', () => {
  it('builds loaders on first use, keeps them until dropped, then builds fresh ones', () => {
    const ctx = socketContext(createContext({ backendUrl: 'http://127.0.0.1:1' }));
    const loaders = ctx.loaders;
    expect(loaders).toBeDefined();
    expect(ctx.loaders).toBe(loaders);
    dropLoaders(ctx);
    const fresh = ctx.loaders;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(loaders);
  });

  it('dropLoaders leaves other values alone', () => {
    const plain = createContext({ backendUrl: 'http://127.0.0.1:1' });
    const loaders = plain.loaders;
    dropLoaders(plain);
    dropLoaders(null);
    expect(plain.loaders).toBe(loaders);
  });
});
