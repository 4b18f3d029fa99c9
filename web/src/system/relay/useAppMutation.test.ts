// @vitest-environment jsdom
/**
 * The one mutation wrapper (useAppMutation.ts) against relay-test-utils' mock environment: the typed failure of
 * spec core §8 (the `UserError` member, read through userErrorFragment) resolves; network and GraphQL failures
 * reject after the one failure path (generic toast by default, the hook's own reporter, nothing when silent or when
 * the session is gone); an optimistic update is applied at once and rolled back when the call fails.
 */
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { commitLocalUpdate, type RecordSourceSelectorProxy } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator, type RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import loginNode, { type useLoginMutation } from '../../__generated__/useLoginMutation.graphql';
import { userErrorOf } from '../errors/userError';
import { toaster } from '../toaster';
import { GraphQLRequestError } from './environment';
import {
  isUnauthenticated,
  reportMutationFailure,
  useAppMutation,
  type AppMutationOptions,
  type Commit,
} from './useAppMutation';

const input = { email: 'a@b.ru', password: 'secret123' };

function setup(options?: AppMutationOptions): {
  environment: RelayMockEnvironment;
  commit: () => Commit<useLoginMutation>;
} {
  const environment = createMockEnvironment();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(RelayEnvironmentProvider, { environment, children });

  const { result } = renderHook(() => useAppMutation<useLoginMutation>(loginNode, options), { wrapper });
  return { environment, commit: () => result.current[0] };
}

afterEach(() => vi.restoreAllMocks());

describe('useAppMutation (spec core §8)', () => {
  it('resolves with the UserError member, read through userErrorFragment', async () => {
    const { environment, commit } = setup();
    const pending = commit()({ input });
    const op = environment.mock.getMostRecentOperation();
    expect(op.request.node.params.name).toBe('useLoginMutation');
    expect(op.request.variables).toEqual({ input });
    await act(async () =>
      environment.mock.resolve(
        op,
        MockPayloadGenerator.generate(op, {
          Mutation: () => ({ login: { __typename: 'UserError' } }),
          UserError: () => ({
            code: 'BAD_CREDENTIALS',
            message: 'Неверный адрес электронной почты или пароль',
            field: null,
            fieldErrors: [{ field: 'password', code: 'REQUIRED', message: 'Введите пароль' }],
            retryAfterSeconds: null,
          }),
        }),
      ),
    );
    const data = await pending;
    expect(data.login.__typename).toBe('UserError');
    expect(userErrorOf(data.login)).toEqual({
      code: 'BAD_CREDENTIALS',
      message: 'Неверный адрес электронной почты или пароль',
      field: null,
      fieldErrors: [{ field: 'password', code: 'REQUIRED', message: 'Введите пароль' }],
      retryAfterSeconds: null,
    });
  });

  it('resolves with the success member; userErrorOf is null for it', async () => {
    const { environment, commit } = setup();
    const pending = commit()({ input });
    const op = environment.mock.getMostRecentOperation();
    await act(async () =>
      environment.mock.resolve(
        op,
        MockPayloadGenerator.generate(op, { Mutation: () => ({ login: { __typename: 'LoginSuccess' } }) }),
      ),
    );
    const data = await pending;
    expect(data.login.__typename).toBe('LoginSuccess');
    expect(userErrorOf(data.login)).toBeNull();
  });

  it('a network failure rejects after the generic toast', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { environment, commit } = setup();
    const pending = commit()({ input });
    const pendingRejected = expect(pending).rejects.toThrow('Failed to fetch');
    await act(async () =>
      environment.mock.reject(environment.mock.getMostRecentOperation(), new Error('Failed to fetch')),
    );
    await pendingRejected;
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Что-то пошло не так' }));
  });

  it('a GraphQL error without data rejects through the same path; `silent` reports nothing', async () => {
    const onFailure = vi.fn();
    const { environment, commit } = setup({ onFailure });
    const loud = commit()({ input });
    const loudRejected = expect(loud).rejects.toThrow();
    await act(async () =>
      environment.mock.resolve(environment.mock.getMostRecentOperation(), {
        data: null,
        errors: [{ message: 'Internal error' }],
      } as never),
    );
    await loudRejected;
    expect(onFailure).toHaveBeenCalledTimes(1);

    const quiet = commit()({ input }, { silent: true });
    const quietRejected = expect(quiet).rejects.toThrow('down');
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new Error('down')));
    await quietRejected;
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('rolls an optimistic update back when the call fails, keeps the server answer when it succeeds', async () => {
    const { environment, commit } = setup({ onFailure: () => undefined });
    commitLocalUpdate(environment, (store) => {
      store.create('viewer-1', 'Viewer').setValue('old@b.ru', 'email');
    });
    const email = () => environment.getStore().getSource().get('viewer-1')?.email;
    const optimisticUpdater = (store: RecordSourceSelectorProxy) =>
      void store.get('viewer-1')?.setValue('new@b.ru', 'email');

    const failing = commit()({ input }, { optimisticUpdater });
    const failingRejected = expect(failing).rejects.toThrow('down');
    expect(email()).toBe('new@b.ru');
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new Error('down')));
    await failingRejected;
    expect(email()).toBe('old@b.ru');

    const succeeding = commit()({ input }, { optimisticUpdater });
    const op = environment.mock.getMostRecentOperation();
    await act(async () =>
      environment.mock.resolve(
        op,
        MockPayloadGenerator.generate(op, {
          Mutation: () => ({ login: { __typename: 'LoginSuccess' } }),
          Viewer: () => ({ id: 'viewer-1', email: 'server@b.ru', accountType: 'CLIENT' }),
        }),
      ),
    );
    await succeeding;
    expect(email()).toBe('server@b.ru');
  });
});

describe('reportMutationFailure', () => {
  it('reports through the given reporter, not when silent, never for a gone session', () => {
    const report = vi.fn();
    reportMutationFailure(new Error('down'), false, report);
    reportMutationFailure(new Error('down'), true, report);
    reportMutationFailure(new GraphQLRequestError('Unauthenticated', 401), false, report);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('recognises a gone session by status, code or message', () => {
    expect(isUnauthenticated(new GraphQLRequestError('x', 401))).toBe(true);
    expect(
      isUnauthenticated(new GraphQLRequestError('x', 200, [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }])),
    ).toBe(true);
    expect(isUnauthenticated(new Error('Unauthenticated'))).toBe(true);
    expect(isUnauthenticated(new GraphQLRequestError('Forbidden', 403))).toBe(false);
  });
});
