/** Which deal documents each party still signs (issue 8; spec core §3 Documents, §4 Deal flow steps 5, 8, 9). */
import { describe, expect, it } from 'vitest';
import { documentsToSign } from './dealDocuments';

const q = (qualified: boolean) => ({ qualified });
const docs = [
  { id: 'uploaded', status: 'UPLOADED', clientSignature: null, agentSignature: null },
  { id: 'confirmed-by-agent', status: 'SIGNED', clientSignature: null, agentSignature: q(false) },
  { id: 'signed-by-agent', status: 'SIGNED', clientSignature: null, agentSignature: q(true) },
  { id: 'sent', status: 'SENT', clientSignature: null, agentSignature: q(true) },
  { id: 'sent-client-confirmed', status: 'SENT', clientSignature: q(false), agentSignature: q(true) },
  { id: 'sent-client-signed', status: 'SENT', clientSignature: q(true), agentSignature: q(true) },
  { id: 'confirmed', status: 'CONFIRMED', clientSignature: q(true), agentSignature: q(true) },
];

describe('documentsToSign', () => {
  it('the client signs the sent documents that do not carry its qualified signature yet', () => {
    expect(documentsToSign(docs, 'CLIENT').map((d) => d.id)).toEqual(['sent', 'sent-client-confirmed']);
  });
  it('the payment agent signs its uploaded or merely confirmed documents, never sent or confirmed ones', () => {
    expect(documentsToSign(docs, 'AGENT').map((d) => d.id)).toEqual(['uploaded', 'confirmed-by-agent']);
  });
  it('nothing is left once every document is signed', () => {
    expect(documentsToSign(docs.slice(-1), 'CLIENT')).toEqual([]);
    expect(documentsToSign(docs.slice(-1), 'AGENT')).toEqual([]);
  });
});
