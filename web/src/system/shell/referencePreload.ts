/**
 * The reference-data preload (spec chat-and-shell §1 "At start the app loads reference data in the background", §7
 * "Reference-data preload", §8 "Reference-data load error: passed to the error logger, nothing is shown"): when the
 * account areas start (AppRoot), one query reads all countries and all currencies into the Relay store and retains
 * them, so the pickers and selects that read them later (CurrencySelect, CurrencyChecklist: `currencies` with
 * store-or-network) are served from the store without a request. Once per Relay environment: at start, and again only
 * after the store has been dropped (sign-out, a lost session). Errors are logged only.
 *
 * Banks by SWIFT code: the directory is searched by code prefix (`swiftInstitutions(prefix)`, at most 20, blank → none;
 * the official directory holds tens of thousands of institutions), so there is no "all banks" list to preload; the
 * SWIFT picker keeps asking by prefix.
 */
import { createOperationDescriptor, fetchQuery, getRequest, graphql, type Environment } from 'relay-runtime';
import type { referencePreloadQuery as ReferencePreloadQuery } from '../../__generated__/referencePreloadQuery.graphql';

/** The preloaded reference data (fields as the pickers read them). */
export const referencePreloadQuery = graphql`
  query referencePreloadQuery {
    countries {
      countryCode
      countryName
      countryShortName
    }
    currencies {
      currencyCode
      currencyName
      popular
    }
  }
`;

const preloaded = new WeakSet<Environment>();

/**
 * Starts the preload into `environment` unless it already ran there; never throws (failures go to `log`). Answers
 * whether a preload was started.
 */
export function preloadReferenceData(
  environment: Environment,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): boolean {
  if (preloaded.has(environment)) return false;
  preloaded.add(environment);
  // Retained for the environment's life: the garbage collector must not drop what later pages read from the store.
  environment.retain(createOperationDescriptor(getRequest(referencePreloadQuery), {}));
  fetchQuery<ReferencePreloadQuery>(
    environment,
    referencePreloadQuery,
    {},
    { fetchPolicy: 'store-or-network' },
  ).subscribe({
    error: (error: unknown) => log('[reference-data] preload failed', error),
  });
  return true;
}
