/**
 * Payloads for the operations a component sent to relay-test-utils' mock environment, built by MockPayloadGenerator
 * from the operation's own selections (so they follow the mutation's fields and fragments as they change):
 * `userErrorPayload(op, 'sendChatMessage', { code: 'FORBIDDEN', message: '…' })` answers the typed failure of
 * spec core §8 (the `UserError` member of the result union), `successPayload(op, 'sendChatMessage',
 * 'SendChatMessageSuccess', { … })` its success member.
 */
import type { GraphQLSingularResponse, OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, type MockResolvers, type RelayMockEnvironment } from 'relay-test-utils';

/** The `UserError` member of mutation field `field` with a stable code and the server's Russian message. */
export function userErrorPayload(
  operation: OperationDescriptor,
  field: string,
  error: { code: string; message: string; field?: string | null; fieldErrors?: ReadonlyArray<object> },
): GraphQLSingularResponse {
  return MockPayloadGenerator.generate(operation, {
    Mutation: () => ({ [field]: { __typename: 'UserError' } }),
    // `errorMessage` is the alias some chat mutations select the message under.
    UserError: () => ({ field: null, fieldErrors: [], ...error, errorMessage: error.message }),
  });
}

/** The success member `typename` of mutation field `field`; `resolvers` fill the records it carries. */
export function successPayload(
  operation: OperationDescriptor,
  field: string,
  typename: string,
  resolvers: MockResolvers = {},
): GraphQLSingularResponse {
  return MockPayloadGenerator.generate(operation, {
    Mutation: () => ({ [field]: { __typename: typename } }),
    ...resolvers,
  });
}

/**
 * Answers every operation for which `answer` returns a payload, as soon as it is sent (relay-test-utils' queued
 * resolvers are used once; this one queues itself again). Operations it returns null for stay pending, so the test
 * answers them itself (typically the mutations under test).
 */
export function answerOperations(
  environment: RelayMockEnvironment,
  answer: (operation: OperationDescriptor) => GraphQLSingularResponse | null,
): void {
  const queue = () =>
    environment.mock.queueOperationResolver((operation) => {
      const payload = answer(operation);
      if (payload != null) queue();
      return payload;
    });
  queue();
}
