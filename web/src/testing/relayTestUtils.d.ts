/**
 * Types of the parts of relay-test-utils 21 the component tests use (the package ships Flow types only; the
 * DefinitelyTyped package lags behind Relay's major versions). See Relay's "Testing Relay Components" guide.
 */
declare module 'relay-test-utils' {
  import type {
    ConcreteRequest,
    Environment,
    GraphQLSingularResponse,
    GraphQLTaggedNode,
    OperationDescriptor,
    Variables,
  } from 'relay-runtime';

  /** Context passed to a mock resolver: the field being generated and where it sits in the selection. */
  export interface MockResolverContext {
    readonly parentType: string | null | undefined;
    readonly name: string | null | undefined;
    readonly alias: string | null | undefined;
    readonly path: ReadonlyArray<string> | null | undefined;
    readonly args: Record<string, unknown> | null | undefined;
  }

  /** Resolvers keyed by GraphQL type name (`Order`, `UserError`, `String`, `ID`…) returning the mock data. */
  export type MockResolvers = Readonly<
    Record<string, (context: MockResolverContext, generateId: () => number) => unknown>
  >;

  /** The mock layer of the environment: every operation the component started, and ways to answer it. */
  export interface MockFunctions {
    clearCache(): void;
    isLoading(request: ConcreteRequest | OperationDescriptor, variables: Variables): boolean;
    reject(request: ConcreteRequest | OperationDescriptor, error: Error | string): void;
    nextValue(request: ConcreteRequest | OperationDescriptor, payload: GraphQLSingularResponse): void;
    complete(request: ConcreteRequest | OperationDescriptor): void;
    resolve(
      request: ConcreteRequest | OperationDescriptor,
      payload: GraphQLSingularResponse | ReadonlyArray<GraphQLSingularResponse>,
    ): void;
    getAllOperations(): ReadonlyArray<OperationDescriptor>;
    findOperation(findFn: (operation: OperationDescriptor) => boolean): OperationDescriptor;
    queuePendingOperation(query: GraphQLTaggedNode, variables: Variables): void;
    getMostRecentOperation(): OperationDescriptor;
    resolveMostRecentOperation(
      payload: GraphQLSingularResponse | ((operation: OperationDescriptor) => GraphQLSingularResponse),
    ): void;
    rejectMostRecentOperation(error: Error | ((operation: OperationDescriptor) => Error)): void;
    queueOperationResolver(
      resolver: (operation: OperationDescriptor) => GraphQLSingularResponse | Error | null | undefined,
    ): void;
  }

  /** A Relay environment whose network is controlled by the test through `mock`. */
  export interface RelayMockEnvironment extends Environment {
    readonly mock: MockFunctions;
    mockClear(): void;
  }

  /** Creates a mock environment (its store and network are fresh). */
  export function createMockEnvironment(config?: Record<string, unknown>): RelayMockEnvironment;

  /** Generates a response for an operation from its selections, filled by the mock resolvers. */
  export const MockPayloadGenerator: {
    generate(operation: OperationDescriptor, mockResolvers?: MockResolvers | null): GraphQLSingularResponse;
  };
}
