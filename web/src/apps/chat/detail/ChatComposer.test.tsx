// @vitest-environment jsdom
/**
 * The chat composer in Relay's mock environment (spec chat §5 sending, mentions and attachments; §8 errors):
 * what it sends (operation and variables), and what the user sees when the server answers with a UserError,
 * fails, or succeeds.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import type { RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { successPayload, userErrorPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { ChatComposer, type ComposerMode } from './ChatComposer';

const MEMBERS = [
  { userId: 1, name: 'Анна Смирнова' },
  { userId: 7, name: 'Иван Петров' },
];

function renderComposer(mode: ComposerMode = { kind: 'new' }, members = MEMBERS) {
  const onModeDone = vi.fn();
  const view = renderWithRelay(
    <ChatComposer
      groupGlobalId="Q2hhdEdyb3VwOjE3"
      groupId={17}
      members={members}
      viewerUserId={1}
      mode={mode}
      onModeDone={onModeDone}
    />,
  );
  return { ...view, onModeDone, textbox: screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Сообщение' }) };
}

/** Types `value` as the user would: the caret ends up after the text. */
function type(textbox: HTMLTextAreaElement, value: string) {
  fireEvent.change(textbox, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

function lastOperation(environment: RelayMockEnvironment, name: string): OperationDescriptor {
  const op = environment.mock.getMostRecentOperation();
  expect(op.request.node.params.name).toBe(name);
  return op;
}

function sendButton() {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить' });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ChatComposer: sending (spec chat §5)', () => {
  it('tells the group the viewer types, sends on Enter and clears the box at once', () => {
    const { environment, textbox } = renderComposer();
    type(textbox, 'Добрый день');
    const typing = lastOperation(environment, 'useSendTypingMutation');
    expect(typing.request.variables).toEqual({ input: { groupId: 'Q2hhdEdyb3VwOjE3' } });

    fireEvent.keyDown(textbox, { key: 'Enter' });
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(op.request.variables.input).toEqual({
      groupId: 'Q2hhdEdyb3VwOjE3',
      extMsgId: expect.stringMatching(/^msg_\d+$/),
      text: 'Добрый день',
      replyToId: null,
      mentionedUserIds: null,
      fileId: null,
      pictureIds: null,
    });
    expect(textbox.value).toBe('');
  });

  it('Shift+Enter does not send; an empty or blank text cannot be sent', () => {
    const { environment, textbox } = renderComposer();
    expect(sendButton().disabled).toBe(true);
    type(textbox, '   ');
    expect(sendButton().disabled).toBe(true);
    type(textbox, 'строка');
    fireEvent.keyDown(textbox, { key: 'Enter', shiftKey: true });
    expect(environment.mock.getAllOperations().map((o) => o.request.node.params.name)).not.toContain(
      'useSendChatMessageMutation',
    );
    expect(textbox.value).toBe('строка');
  });

  it('a UserError answer puts the text back so the user can send it again', async () => {
    const { environment, textbox } = renderComposer();
    type(textbox, 'Не дойдёт');
    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(textbox.value).toBe('');
    act(() =>
      environment.mock.resolve(
        op,
        userErrorPayload(op, 'sendChatMessage', { code: 'FORBIDDEN', message: 'Вы не участник чата' }),
      ),
    );
    await waitFor(() => expect(textbox.value).toBe('Не дойдёт'));
    expect(sendButton().disabled).toBe(false);
  });

  it('a network failure puts the text back too (logged, not shown: spec chat §8)', async () => {
    const { environment, textbox } = renderComposer();
    type(textbox, 'Сеть пропала');
    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    act(() => environment.mock.reject(op, new Error('Failed to fetch')));
    await waitFor(() => expect(textbox.value).toBe('Сеть пропала'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after a successful send the box stays empty', async () => {
    const { environment, textbox } = renderComposer();
    type(textbox, 'Готово');
    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    act(() =>
      environment.mock.resolve(
        op,
        successPayload(op, 'sendChatMessage', 'SendChatMessageSuccess', {
          ChatMessage: () => ({ text: 'Готово', extMsgId: op.request.variables.input.extMsgId }),
        }),
      ),
    );
    await act(async () => undefined);
    expect(textbox.value).toBe('');
    expect(sendButton().disabled).toBe(true);
  });
});

describe('ChatComposer: reply and edit', () => {
  it('a reply names the author, sends replyToId and ends the reply mode', () => {
    const { environment, textbox, onModeDone } = renderComposer({
      kind: 'reply',
      messageId: 'Q2hhdE1lc3NhZ2U6NQ==',
      author: 'Иван Петров',
    });
    expect(screen.getByText('Ответ Иван Петров')).toBeTruthy();
    type(textbox, 'Согласен');
    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(op.request.variables.input).toMatchObject({ text: 'Согласен', replyToId: 'Q2hhdE1lc3NhZ2U6NQ==' });
    expect(onModeDone).toHaveBeenCalledTimes(1);
  });

  it('editing starts from the message text and saves the new text', () => {
    const { environment, textbox, onModeDone } = renderComposer({
      kind: 'edit',
      messageId: 'Q2hhdE1lc3NhZ2U6OQ==',
      text: 'Старый текст',
    });
    expect(screen.getByText('Редактирование сообщения')).toBeTruthy();
    expect(textbox.value).toBe('Старый текст');
    expect(screen.queryByRole('button', { name: 'Прикрепить файл' })).toBeNull();
    type(textbox, 'Новый текст ');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const op = lastOperation(environment, 'useEditChatMessageMutation');
    expect(op.request.variables).toEqual({ input: { messageId: 'Q2hhdE1lc3NhZ2U6OQ==', text: 'Новый текст' } });
    expect(onModeDone).toHaveBeenCalledTimes(1);
  });

  it('Escape leaves the reply mode without sending', () => {
    const { environment, textbox, onModeDone } = renderComposer({ kind: 'reply', messageId: 'm', author: 'Анна' });
    fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(onModeDone).toHaveBeenCalledTimes(1);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});

describe('ChatComposer: mentions', () => {
  it("'@' and letters list the members without the viewer; Enter inserts the name, sending carries its id", () => {
    const { environment, textbox } = renderComposer();
    type(textbox, 'Привет, @ив');
    const list = screen.getByRole('listbox', { name: 'Упомянуть участника' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Иван Петров']);

    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(textbox.value).toBe('Привет, @Иван Петров ');
    expect(screen.queryByRole('listbox')).toBeNull();

    type(textbox, 'Привет, @Иван Петров посмотрите');
    fireEvent.keyDown(textbox, { key: 'Enter' });
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(op.request.variables.input).toMatchObject({
      text: 'Привет, @Иван Петров посмотрите',
      mentionedUserIds: [7],
    });
  });

  it('arrows move through the suggestions, Tab or a click picks', () => {
    const { textbox } = renderComposer({ kind: 'new' }, [...MEMBERS, { userId: 9, name: 'Игорь Соколов' }]);
    type(textbox, '@И');
    const options = () => screen.getAllByRole('option');
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.keyDown(textbox, { key: 'ArrowDown' });
    expect(options()[1].getAttribute('aria-selected')).toBe('true');
    expect(textbox.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    fireEvent.keyDown(textbox, { key: 'Tab' });
    expect(textbox.value).toMatch(/^@(Иван Петров|Игорь Соколов) $/);
    const picked = textbox.value;

    type(textbox, `${picked}и @И`);
    const other = options().find((o) => !picked.includes(o.textContent ?? ''))!;
    fireEvent.click(other);
    expect(textbox.value).toBe(`${picked}и @${other.textContent} `);
  });

  it('editing does not tell the group the viewer types', () => {
    const { environment, textbox } = renderComposer({ kind: 'edit', messageId: 'm', text: 'Было' });
    type(textbox, 'Стало');
    expect(environment.mock.getAllOperations()).toEqual([]);
  });

  it('Escape closes the suggestions and keeps the text', () => {
    const { textbox } = renderComposer();
    type(textbox, '@Ан');
    expect(screen.queryByRole('listbox')).toBeNull(); // the viewer is not offered
    type(textbox, '@И');
    expect(screen.getByRole('listbox', { name: 'Упомянуть участника' })).toBeTruthy();
    fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textbox.value).toBe('@И');
  });
});

describe('ChatComposer: attachments (spec chat §5, §8)', () => {
  function pick(...files: File[]) {
    fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files } });
  }
  function answer(status: number, body: object) {
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  }

  it('uploads a file to the group at once and sends it as fileId, with no text', async () => {
    const fetchMock = vi.fn((_path: string, _init?: RequestInit) =>
      answer(200, { id: '501', name: 'договор.pdf', size: 4, contentType: 'application/pdf', isPicture: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { environment } = renderComposer();
    pick(new File(['%PDF'], 'договор.pdf', { type: 'application/pdf' }));
    const chips = screen.getByRole('list', { name: 'Вложения' });
    expect(within(chips).getByText('договор.pdf')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/files/chat/groups/17', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(sendButton().disabled).toBe(false));

    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(op.request.variables.input).toMatchObject({ text: null, fileId: '501', pictureIds: null });
    expect(screen.queryByRole('list', { name: 'Вложения' })).toBeNull();

    act(() =>
      environment.mock.resolve(op, userErrorPayload(op, 'sendChatMessage', { code: 'NOT_FOUND', message: 'Нет' })),
    );
    // Failed: the attachment comes back, ready to send again.
    expect(await screen.findByRole('list', { name: 'Вложения' })).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });

  it('pictures go as pictureIds', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(200, { id: `p${++n}`, name: 'x', size: 1, contentType: 'image/png', isPicture: true })),
    );
    const { environment } = renderComposer();
    pick(new File(['1'], 'a.png', { type: 'image/png' }), new File(['2'], 'b.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    const op = lastOperation(environment, 'useSendChatMessageMutation');
    expect(op.request.variables.input).toMatchObject({ fileId: null, pictureIds: ['p1', 'p2'] });
  });

  it("shows the server's 413 text and drops the file; a second non-picture file is refused at once", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(413, { message: 'Файл слишком большой для чата' })),
    );
    renderComposer();
    pick(new File(['1'], 'big.zip'));
    expect((await screen.findByRole('alert')).textContent).toBe('Файл слишком большой для чата');
    expect(screen.queryByText('big.zip')).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    pick(new File(['1'], 'a.pdf'), new File(['2'], 'b.pdf'));
    expect(screen.getByRole('alert').textContent).toBe('Можно прикрепить только один файл');
    expect(sendButton().disabled).toBe(true);
  });

  it('another upload failure is logged and leaves the chip as not uploaded; removing it enables sending', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(500, {})),
    );
    const { textbox } = renderComposer();
    type(textbox, 'Текст');
    pick(new File(['1'], 'отчёт.xlsx'));
    expect(await screen.findByText('Не загружен')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(console.error).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать отчёт.xlsx' }));
    expect(sendButton().disabled).toBe(false);
  });
});
