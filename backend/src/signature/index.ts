/**
 * Qualified electronic signatures (issue 8; DESIGN "Signatures"): the verifier the routes call, certificate parsing
 * and the §8 texts. See ./verifier.ts for the checks and ./types.ts for the contract.
 */
export type * from './types.js';
export {
  createSignatureVerifier,
  belongsTo,
  MAX_SIGNATURE_BYTES,
  type ConfiguredSignatureVerifier,
} from './verifier.js';
export { parseCertificate, signerDisplayName } from './certificate.js';
export { SIGNATURE_ERROR_MESSAGES, SIGNATURE_ERROR_REASONS, INDIVIDUAL_SIGNATURE_MESSAGE } from './messages.js';
