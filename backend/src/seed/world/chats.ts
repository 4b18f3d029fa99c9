/**
 * The demo world's conversations (README "Set-up"; spec chat-and-shell §3–§7): request chats of several requests
 * between the client, the payment agents and the operator; the client's and the referral partner's support chats
 * answered by support@example.com; an alliance of partner1 with the client and the operator (a referral partner may
 * have only the support chat, chat §6, so he is not in it) with a reply, a forwarded message, reactions and a
 * picture. All through the chat routes, so read pointers, unread counters and chat events are the app's own. The
 * last messages of several groups are left unread, so client@example.com and partner1@example.com see badges.
 */
import type { WorldContext, WorldRole } from './context.js';
import type { Deal, WorldDeals } from './deals.js';
import { demoPng } from './files.js';

const C = '/api/secured/common/chat';

/** Counts of what the chats produced (for the log line). */
export interface ChatCounts {
  groups: number;
  messages: number;
  reactions: number;
}

/** A message of a scripted conversation: who writes, when, what; `key` names it for replies, reactions, forwards. */
interface Line {
  who: WorldRole;
  at: Date;
  text?: string;
  key?: string;
  replyTo?: string;
  forward?: string;
  picture?: { name: string; png: Buffer };
  reactions?: { who: WorldRole; emoji: string }[];
  /** Members who open the group right after this message (their unread counter drops to 0). */
  viewedBy?: WorldRole[];
}

/** Schedules the conversations of the world (module header). */
export function scheduleChats(w: WorldContext, deals: WorldDeals, counts: ChatCounts): void {
  const t = w.time;
  const msgIds = new Map<string, number>();
  const groupOf = new Map<string, number>();

  /** Posts `lines` into the group `name` once `resolve` has answered its id. */
  const conversation = (name: string, resolve: () => Promise<number>, lines: Line[]) => {
    for (const [i, line] of lines.entries()) {
      w.timeline.add(line.at, async () => {
        if (i === 0 && !groupOf.has(name)) {
          groupOf.set(name, await resolve());
          counts.groups++;
        }
        const gid = groupOf.get(name)!;
        const c = await w.as(line.who);
        const body: Record<string, unknown> = {};
        if (line.text) body.text = line.text;
        if (line.replyTo) body.replyMessageId = msgIds.get(line.replyTo);
        if (line.forward) body.forwardMessageId = msgIds.get(line.forward);
        if (line.picture) {
          const up = await c.upload<{ id: string }>(
            `${C}/group/${gid}/files`,
            line.picture.name,
            line.picture.png,
            'image/png',
          );
          body.pictureIds = [up.id];
        }
        const sent = await c.post<{ msgId: number }>(`${C}/group/${gid}/messages`, body);
        counts.messages++;
        if (line.key) msgIds.set(line.key, sent.msgId);
        for (const r of line.reactions ?? []) {
          await (await w.as(r.who)).post(`${C}/group/${gid}/messages/${sent.msgId}/reactions`, { emoji: r.emoji });
          counts.reactions++;
        }
        for (const v of line.viewedBy ?? []) await (await w.as(v)).post(`${C}/group/${gid}/viewed`);
      });
    }
  };

  /** The chat of a request (create-get by the client: spec chat §7). */
  const requestChat = (deal: Deal) => async () =>
    (await (await w.as('client')).post<{ id: number }>(`${C}/${deal.id}/create-get`)).id;

  /** The caller's support chat (created on first use: chat §3 "Chat session token"). */
  const supportChat = (role: WorldRole) => async () =>
    (await (await w.as(role)).get<{ supportChatGroupId: number }>('/api/secured/chat/session-token'))
      .supportChatGroupId;

  // The request under way to Abu Dhabi: the agent's last message is unread for the client.
  const parts = deals.executingParts;
  conversation(`request ${'parts'}`, requestChat(parts), [
    {
      who: 'client',
      at: t.ago(8, 3, -10),
      key: 'parts-q',
      text: 'Добрый день! Поставщик просит указать в назначении платежа номер инвойса GAP-INV-0412. Это возможно?',
    },
    {
      who: 'p1',
      at: t.ago(8, 2, 40),
      replyTo: 'parts-q',
      text: 'Добрый день, Иван Петрович! Да, укажем в поле 70 сообщения MT103. Поручение уже с этим номером.',
      reactions: [{ who: 'client', emoji: '👍' }],
      viewedBy: ['client'],
    },
    {
      who: 'oper',
      at: t.ago(2, 5, -5),
      text: 'Оплата подтверждена по выписке агента. Перевод исполняется.',
      viewedBy: ['client', 'p1'],
    },
    {
      who: 'client',
      at: t.ago(1, 6),
      key: 'parts-when',
      text: 'Подскажите, когда ожидать подтверждение из банка получателя?',
    },
    {
      who: 'p1',
      at: t.ago(0, 1, 30),
      replyTo: 'parts-when',
      text: 'Перевод отправлен сегодня утром, референс банка получен. Копию MT103 приложим к закрывающим документам.',
    },
  ]);

  // The request awaiting the payment check: the client's question is unread for partner1 and the operators.
  const checking = deals.paymentChecking;
  conversation('request checking', requestChat(checking), [
    {
      who: 'p1',
      at: t.ago(4, 3, -5),
      text: 'Счёт выставлен. Курс зафиксируем на дату поступления средств, реквизиты — в счёте.',
      viewedBy: ['client'],
    },
    {
      who: 'client',
      at: t.ago(0, 6, -3),
      key: 'checking-paid',
      text: 'Оплатили сегодня, платёжное поручение № 532. Прошу подтвердить поступление.',
    },
    { who: 'client', at: t.ago(0, 5, 50), text: 'Если нужна копия поручения с отметкой банка — пришлю.' },
  ]);

  // The request with two offers: the client asks about the unprotected deal; partner2 answers (unread for the client).
  const offers = deals.hasOffers;
  conversation('request offers', requestChat(offers), [
    {
      who: 'client',
      at: t.ago(1, 1),
      key: 'offers-q',
      text: 'Коллеги, в чём разница между защищённой и незащищённой сделкой в ваших предложениях?',
    },
    {
      who: 'p1',
      at: t.ago(1, 0, 30),
      replyTo: 'offers-q',
      text: 'В защищённой сделке деньги переводятся поставщику только после проверки документов, риск меньше.',
      reactions: [{ who: 'client', emoji: '🙏' }],
      viewedBy: ['client'],
    },
    {
      who: 'p2',
      at: t.ago(0, 2, 15),
      replyTo: 'offers-q',
      text: 'У нас незащищённая сделка дешевле и быстрее: перевод в день оплаты. Для повторного поставщика это удобно.',
    },
  ]);

  // The request the operator checks: her question is unread for the client.
  conversation('request validation', requestChat(deals.inValidation), [
    {
      who: 'oper',
      at: t.ago(0, 7, 45),
      text: 'Иван Петрович, приложите, пожалуйста, подписанный контракт № IE-2026/03 — без него агенты не примут заявку.',
    },
  ]);

  // The client's support chat: support answers; the last answer is unread.
  conversation('support client', supportChat('client'), [
    {
      who: 'client',
      at: t.ago(10, 4),
      key: 'sup-q',
      text: 'Здравствуйте! Как добавить в компанию второго сотрудника, чтобы он тоже видел заявки?',
    },
    {
      who: 'support',
      at: t.ago(10, 3, 40),
      replyTo: 'sup-q',
      text: 'Здравствуйте! Пока доступ у одного пользователя компании; мы передали пожелание команде. Пароль можно сменить в «Моей компании».',
      viewedBy: ['client'],
    },
    {
      who: 'client',
      at: t.ago(0, 8),
      text: 'Спасибо. И ещё: где скачать закрывающие документы по исполненной заявке?',
    },
    {
      who: 'support',
      at: t.ago(0, 7, 30),
      text: 'Откройте заявку во вкладке «Завершённые» — документы внизу карточки, у каждого кнопка «Скачать».',
    },
  ]);

  // The referral partner's support chat.
  conversation('support agent', supportChat('agent'), [
    {
      who: 'agent',
      at: t.ago(6, 5),
      text: 'Добрый день! Когда начисляется вознаграждение за исполненные сделки клиента?',
    },
    {
      who: 'support',
      at: t.ago(6, 4, 20),
      text: 'Добрый день! Вознаграждение считается по каждой исполненной сделке и видно в разделе «Заявки» → «Комиссия».',
    },
  ]);

  // The alliance of partner1 with the client and the operator.
  const alliance = 'alliance';
  w.timeline.add(t.ago(15, 6), async () => {
    const p1 = await w.as('p1');
    const group = await p1.post<{ id: number }>(`${C}/group`, {
      name: 'Альфа Платежи × ВЭД Трейд',
      groupType: 'ECVP_PARTNER_CLIENT',
      memberIds: [w.userIds.oper],
    });
    groupOf.set(alliance, group.id);
    counts.groups++;
    const invitation = await p1.post<{ id: number }>(`${C}/group/${group.id}/invitations`, {
      userId: w.userIds.client,
    });
    await (await w.as('client')).post(`${C}/invitations/${invitation.id}/accept`);
  });
  conversation(alliance, async () => groupOf.get(alliance)!, [
    {
      who: 'p1',
      at: t.ago(15, 5),
      key: 'a-hello',
      text: 'Иван Петрович, добро пожаловать! Здесь обсуждаем регулярные платежи в Китай и Турцию вне конкретных заявок.',
      reactions: [{ who: 'client', emoji: '👋' }],
    },
    {
      who: 'client',
      at: t.ago(15, 4),
      key: 'a-plan',
      text: 'Спасибо! В декабре планируем 3–4 платежа в юанях, около 2 млн CNY в сумме. Лимиты позволят?',
      viewedBy: ['p1'],
    },
    {
      who: 'p1',
      at: t.ago(15, 3),
      replyTo: 'a-plan',
      key: 'a-limits',
      text: 'Да, лимит по юаням — до 5 млн CNY на платёж. Курс — средневзвешенный биржевой CNY/RUB TOM.',
      reactions: [
        { who: 'client', emoji: '👍' },
        { who: 'oper', emoji: '👍' },
      ],
      viewedBy: ['client'],
    },
    {
      who: 'client',
      at: t.ago(2, 4),
      key: 'a-photo',
      text: 'Фото партии мониторов на складе поставщика в Сямыне — отгрузка после оплаты.',
      picture: { name: 'Мониторы на складе.png', png: demoPng(96, 64, [52, 86, 140]) },
      reactions: [{ who: 'p1', emoji: '🔥' }],
      viewedBy: ['p1'],
    },
    {
      who: 'oper',
      at: t.ago(1, 5),
      forward: 'a-limits',
      viewedBy: ['client', 'p1'],
    },
    {
      who: 'client',
      at: t.ago(0, 4, 20),
      key: 'a-dec',
      text: 'Павел Алексеевич, первый декабрьский платёж — 1 декабря, около 600 000 CNY. Подготовите предложение заранее?',
    },
    {
      who: 'p1',
      at: t.ago(0, 0, 30),
      replyTo: 'a-dec',
      text: 'Конечно. Создайте заявку, как будет инвойс, — предложение пришлём в течение часа.',
    },
  ]);
}
