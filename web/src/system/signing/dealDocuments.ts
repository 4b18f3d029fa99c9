/**
 * Which deal documents a party still has to sign with a qualified electronic signature where the payment agent
 * requires signatures (PartnerOrder.partnerSignRequired; issue 8; spec core §3 Documents statuses uploaded, signed,
 * sent, confirmed; §4 Deal flow steps 5, 8, 9).
 */

/** Who signs: the client company or the payment agent's company. */
export type SigningParty = 'CLIENT' | 'AGENT';

/** What `documentsToSign` reads of a document. */
interface SignableDocument {
  readonly status: string;
  readonly clientSignature?: { readonly qualified: boolean } | null;
  readonly agentSignature?: { readonly qualified: boolean } | null;
}

/**
 * The documents `party` still has to sign: for the CLIENT the SENT ones without its qualified signature; for the
 * AGENT (the payment agent) its UPLOADED or SIGNED (confirmed) ones without its qualified signature. CONFIRMED and
 * already signed documents never come back.
 */
export function documentsToSign<D extends SignableDocument>(docs: ReadonlyArray<D>, party: SigningParty): D[] {
  return party === 'CLIENT'
    ? docs.filter((d) => d.status === 'SENT' && !d.clientSignature?.qualified)
    : docs.filter((d) => (d.status === 'UPLOADED' || d.status === 'SIGNED') && !d.agentSignature?.qualified);
}
