/**
 * The `__resolveType` of the schema's mutation result unions: every member a resolver answers carries its
 * `__typename` (the success objects are built with it, rest/errors.ts `mutationResult` and `notFoundError` answer
 * `UserError`), so the member's type is that name.
 */
export const byTypename = {
  __resolveType: <T extends { __typename: string }>(obj: T): T['__typename'] => obj.__typename,
};
