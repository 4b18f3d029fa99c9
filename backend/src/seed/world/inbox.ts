/**
 * The operators' inbox of the demo world (README "Set-up"; issue 11 'Обращения'): two callbacks from the public site
 * (a general one and one about becoming a referral partner), a debit card lead from /clients/cards (issue 13) and a
 * recommendation of a new company by the demo client, posted through the public and client routes. All stay NEW, so the navigation badge shows them.
 */
import type { WorldContext } from './context.js';
import { WorldClient } from './http.js';

/** Schedules the inbox items; `counts.inbox` counts them. */
export function scheduleInbox(w: WorldContext, counts: { inbox: number }): void {
  const t = w.time;
  w.timeline.add(t.ago(2, 6), async () => {
    const visitor = new WorldClient(w.app);
    await visitor.post('/api/public/common/user/callback', {
      name: 'Сергей Михайлов',
      phone: '9167778899',
      email: 'mikhailov@example.com',
      comment: 'Импортируем станки из Турции, платежи около 40 000 USD в месяц. Перезвоните после 14:00.',
    });
    counts.inbox++;
  });
  w.timeline.add(t.ago(1, 8), async () => {
    const visitor = new WorldClient(w.app);
    await visitor.post('/api/public/common/user/callback/agent', {
      name: 'Ольга Белова',
      phone: '9265554433',
      email: 'belova@example.com',
      comment: 'Консультирую импортёров, хочу стать партнёром платформы.',
    });
    counts.inbox++;
  });
  w.timeline.add(t.ago(1, 3), async () => {
    const visitor = new WorldClient(w.app);
    await visitor.post('/api/public/lead/card/debit', {
      name: 'Дмитрий Орлов',
      phone: '9857771020',
      email: 'orlov@example.com',
      powerOfAttorney: true,
      city: 'Казань',
      comment: 'Нужна карта для оплаты подписок и командировок.',
    });
    counts.inbox++;
  });
  w.timeline.add(t.ago(0, 10), async () => {
    await (
      await w.as('client')
    ).post('/api/secured/client/recommendations/new-client', {
      companyName: 'ООО «Восток Логистик»',
      inn: '7728145639',
      contactName: 'Алексей Григорьев',
      phone: '9031234500',
      email: 'grigoriev@example.com',
      comment: 'Наш партнёр по логистике, платят поставщикам в Китае.',
    });
    counts.inbox++;
  });
}
