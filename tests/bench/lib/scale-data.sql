-- Data scale of issue 15 (tests/bench/data-scale.mjs; docs/performance.md "Data scale on PostgreSQL (issue 15)").
--
-- Run on a database that the backend migrated and seeded with the demo accounts only (DEMO_WORLD=false): it adds
--   * 999 client companies (1 000 with the demo client's 'ООО «ВЭД Трейд»', id 1), each with one client user;
--   * 8 payment agents (10 with the demo partner1 / partner2) and 8 more operators, each with one user;
--   * 1 000 000 orders over the last three years: the demo client's company has every 20th (50 000), the others are
--     spread unevenly (a square of a uniform number: a few big clients, many small); statuses follow the age (recent
--     ones still in validation or in work, older ones executed, cancelled or rejected); currencies USD/CNY/EUR/AED/
--     TRY/INR with the counterparty country to match; a validator operator for every order past VALIDATION;
--   * partner orders: every order sent to agents (ACTIVE and later, and CANCELED) went to 2 of the 10 agents (3 for
--     every 4th), each with an offer status that fits the order status (the first agent won accepted deals, the
--     others SIGNED_ANOTHER_OFFER); an offer for each partner order past IN_PROGRESS; a bill for each won deal past
--     SEND_PAYCHECK; an operator comment on every 10th order;
--   * 1 000 chat groups: 700 request chats (ECVP_CLIENT, client + both demo operators; 150 of them the demo client's),
--     200 agents' request chats (ECVP_PARTNER, agent + operators; 60 of them partner1's), 80 support chats
--     (ECVP_SUPPORT, a client + the support user 10762) and 20 alliances (ECVP_PARTNER_CLIENT, partner1 + a client +
--     operator@example.com); 100 000 messages in time order (every 97th mentions a member), about 3 400 reactions, and read
--     pointers that leave 0–30 unread messages per member (none for a third of them).
-- Every user's password is the demo password (the hash of client@example.com / operator@example.com is copied).
-- Deterministic: setseed. Takes a few minutes on a busy 2-core machine. Nothing here is read by the application.

select setseed(0.15);

-- ---------------------------------------------------------------------------------------------- companies, users
insert into companies (kind, ogrn, inn, full_name, short_name, signature_confirmed, verified_at, status, created_at)
select 'CLIENT', (1027700000000 + g)::text, (7700000000 + g)::text,
       'Общество с ограниченной ответственностью «Импорт ' || g || '»', 'ООО «Импорт ' || g || '»',
       true, now() - interval '1200 days', 'VERIFIED', now() - interval '1200 days'
from generate_series(1, 999) g;

insert into companies (kind, ogrn, inn, full_name, short_name, brand, signature_confirmed, verified_at, status, created_at)
select 'PARTNER', (1037700000000 + g)::text, (7800000000 + g)::text,
       'Общество с ограниченной ответственностью «Платёжный агент ' || g || '»', 'ООО «Платёжный агент ' || g || '»',
       'Агент ' || g, true, now() - interval '1300 days', 'VERIFIED', now() - interval '1300 days'
from generate_series(1, 8) g;

update companies set signature_confirmed = true, verified_at = coalesce(verified_at, now()), status = 'VERIFIED'
where id = 1;

insert into users (email, password_hash, account_type, name, surname, company_id)
select 'scale-' || lower(c.kind) || '-' || c.id || '@example.test',
       (select password_hash from users where email = 'client@example.com'),
       c.kind, 'Иван', 'Клиентов-' || c.id, c.id
from companies c
where c.ogrn like '10_77000%' and not exists (select 1 from users u where u.company_id = c.id);

insert into users (email, password_hash, account_type, name, surname, operator_roles)
select 'scale-oper-' || g || '@example.test', (select password_hash from users where email = 'operator@example.com'),
       'OPER', 'Оператор', 'Номер-' || g, '{ADMIN}'
from generate_series(1, 8) g;

-- lookup tables (dropped at the end)
create temporary table sc_client as
select row_number() over (order by c.id) - 1 as idx, c.id as company_id,
       (select min(u.id) from users u where u.company_id = c.id) as user_id
from companies c where c.kind = 'CLIENT' and c.id <> 1 and c.id <> 2;
create temporary table sc_partner as
select row_number() over (order by c.id) - 1 as idx, c.id as company_id,
       (select min(u.id) from users u where u.company_id = c.id) as user_id
from companies c where c.kind = 'PARTNER';
create temporary table sc_oper as
select row_number() over (order by u.id) - 1 as idx, u.id as user_id from users u where u.account_type = 'OPER';
create temporary table sc_tnved as
select row_number() over (order by code) - 1 as idx, code from ref_tnved where code ~ '^([0-9]{4}|[0-9]{10})$';
create index on sc_client (idx);
create index on sc_oper (idx);
create index on sc_tnved (idx);
analyze sc_client;
analyze sc_oper;
analyze sc_tnved;

-- ---------------------------------------------------------------------------------------------- orders
insert into orders (company_id, created_by, created_at, payment_type, amount, currency, country_code, city, bank_name,
                    swift, tnved_code, goods_location, payment_date_from, payment_date_to, comment, status,
                    status_date, version, validator_user_id)
select c.company_id, c.user_id, s.created_at,
       case when s.r4 < 0.85 then 'SENDING' else 'RECEIVING' end,
       round((200 + exp(s.r5 * 11) * 3)::numeric, 2),
       cur.currency, cur.country, cur.city, cur.bank,
       case when s.r4 < 0.9 then cur.swift end,
       (select code from sc_tnved where idx = s.g % (select count(*) from sc_tnved)),
       case when s.r6 < 0.5 then 'IMPORTED' else 'NOT_IMPORTED' end,
       (s.created_at + interval '5 days')::date, (s.created_at + interval '5 days' + (s.g % 30) * interval '1 day')::date,
       case when s.g % 7 = 0 then 'Оплата по контракту №' || s.g end,
       s.status,
       s.created_at + case when s.status = 'VALIDATION' then interval '0' else (s.r6 * s.age_days / 2) * interval '1 day' end,
       case when s.status = 'VALIDATION' then 1 else 3 end,
       case when s.status <> 'VALIDATION' then (select user_id from sc_oper where idx = s.g % (select count(*) from sc_oper)) end
from (
  select g, r4, r5, r6, age_days, now() - age_days * interval '1 day' as created_at,
         case
           when age_days < 3 then
             case when r3 < 0.4 then 'VALIDATION' when r3 < 0.6 then 'IN_VALIDATION' else 'ACTIVE' end
           when age_days < 30 then
             case when r3 < 0.3 then 'ACTIVE' when r3 < 0.45 then 'OFFER_ACCEPTED' when r3 < 0.55 then 'PAYMENT_CHECKING'
                  when r3 < 0.7 then 'EXECUTING' when r3 < 0.9 then 'EXECUTED' when r3 < 0.95 then 'CANCELED' else 'REJECTED' end
           else
             case when r3 < 0.8 then 'EXECUTED' when r3 < 0.92 then 'CANCELED' when r3 < 0.995 then 'REJECTED' else 'EXECUTING' end
         end as status,
         case when g % 20 = 0 then -1 else floor(r1 * r1 * 999)::int end as client_idx,
         floor(r2 * 100)::int as cur_pick
  from (
    select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
           1095 * random() ^ 2 as age_days
    from generate_series(1, 1000000) g
  ) x
) s
join lateral (
  select case when s.client_idx < 0 then 1 else (select company_id from sc_client where idx = s.client_idx) end as company_id,
         case when s.client_idx < 0 then (select id from users where email = 'client@example.com')
              else (select user_id from sc_client where idx = s.client_idx) end as user_id
) c on true
join lateral (
  select * from (values
    (0, 40, 'USD', 'US', 'Нью-Йорк', 'Bank of America', 'BOFAUS3N'),
    (40, 70, 'CNY', 'CN', 'Шанхай', 'Bank of China', 'BKCHCNBJ'),
    (70, 90, 'EUR', 'DE', 'Франкфурт', 'Deutsche Bank', 'DEUTDEFF'),
    (90, 95, 'AED', 'AE', 'Дубай', 'Emirates NBD', 'EBILAEAD'),
    (95, 98, 'TRY', 'TR', 'Стамбул', 'Garanti BBVA', 'TGBATRIS'),
    (98, 100, 'INR', 'IN', 'Мумбаи', 'State Bank of India', 'SBININBB')
  ) v(lo, hi, currency, country, city, bank, swift) where s.cur_pick >= v.lo and s.cur_pick < v.hi
) cur on true
order by s.created_at;

-- ---------------------------------------------------------------------------------------------- partner orders
create index on sc_partner (idx);
create temporary table sc_po_src as
select o.id as order_id, o.status as order_status, o.created_at, o.status_date, o.amount, o.currency,
       o.payment_date_from, o.payment_date_to, k.k, ((o.id * 7) % 10 + k.k * (1 + o.id % 9)) % 10 as partner_idx
from orders o
cross join lateral (select generate_series(0, case when o.id % 4 = 0 then 2 else 1 end) as k) k
where o.status not in ('VALIDATION', 'IN_VALIDATION', 'REJECTED');

create index on sc_po_src (order_id);
-- the partner_idx of k = 0, 1, 2 are distinct: k * (1 + id % 9) mod 10 differs for k = 1, 2 unless 1 + id % 9 = 5 or 10
delete from sc_po_src s using sc_po_src t
where s.order_id = t.order_id and s.k > t.k and s.partner_idx = t.partner_idx;

insert into partner_orders (order_id, partner_company_id, status, partner_sign_required, created_at, version, status_date)
select s.order_id, p.company_id,
       case s.order_status
         when 'ACTIVE' then (array['ALLOWED', 'IN_PROGRESS', 'CREATED_OFFER', 'SEND_OFFER', 'SEND_OFFER', 'REJECTED'])[1 + (s.order_id + s.k) % 6]
         when 'CANCELED' then 'REFUSE_OPER'
         when 'OFFER_ACCEPTED' then case when s.k = 0 then (array['ACCEPTED', 'SEND_OFFER_DOCS', 'ACCEPTED_OFFER_DOCS'])[1 + s.order_id % 3] else 'SIGNED_ANOTHER_OFFER' end
         when 'PAYMENT_CHECKING' then case when s.k = 0 then 'PAYMENT_CHECKING' else 'SIGNED_ANOTHER_OFFER' end
         when 'EXECUTING' then case when s.k = 0 then (array['SEND_PAYCHECK', 'EXECUTING', 'SEND_EXECUTING_DOCS'])[1 + s.order_id % 3] else 'SIGNED_ANOTHER_OFFER' end
         when 'EXECUTED' then case when s.k = 0 then 'EXECUTED' else 'SIGNED_ANOTHER_OFFER' end
       end,
       s.order_id % 5 = 0, s.created_at + interval '2 hours', 2, s.status_date
from sc_po_src s join sc_partner p on p.idx = s.partner_idx
order by s.order_id, s.k;

insert into partner_order_offers (partner_order_id, deal_method, payment_sum, payment_currency, payment_date_from,
                                  payment_date_to, client_fee_percent, agent_fee_percent, service_fee_percent,
                                  total_fee, agent_fee, service_fee, currency_code, course, course_source,
                                  transaction_type, created_at, updated_at)
select po.id, case when po.id % 3 = 0 then 'PROTECTED' else 'UNPROTECTED' end, o.amount, o.currency,
       o.payment_date_from, o.payment_date_to, 0.9000, 0.6000, 0.3000,
       round(o.amount * 0.009, 2), round(o.amount * 0.006, 2), round(o.amount * 0.009, 2) - round(o.amount * 0.006, 2),
       o.currency, 12.3456 + (po.id % 90), 'ЦБ РФ', 'SWIFT', po.created_at + interval '1 hour', po.created_at + interval '1 hour'
from partner_orders po join orders o on o.id = po.order_id
where po.status not in ('ALLOWED', 'IN_PROGRESS', 'REJECTED', 'REFUSE_OPER')
order by po.id;

insert into pay_checks (partner_order_id, amount, currency, converted_commission_amount, commission, status, created_at, status_date)
select po.id, o.amount, o.currency, round(o.amount * 0.009 * 90, 2), round(o.amount * 0.009, 2),
       case po.status when 'SEND_PAYCHECK' then 'ACTIVE' when 'PAYMENT_CHECKING' then 'CHECK_PAYMENT' else 'PAYMENT_CONFIRMED' end,
       po.created_at + interval '1 day', po.created_at + interval '2 days'
from partner_orders po join orders o on o.id = po.order_id
where po.status in ('SEND_PAYCHECK', 'PAYMENT_CHECKING', 'EXECUTING', 'SEND_EXECUTING_DOCS', 'EXECUTED')
order by po.id;

insert into operator_comments (order_id, author_user_id, text, created_at)
select o.id, o.validator_user_id, 'Проверено: документы в порядке (' || o.id || ')', o.created_at + interval '3 hours'
from orders o where o.id % 10 = 0 and o.validator_user_id is not null
order by o.id;

-- ---------------------------------------------------------------------------------------------- chat
create temporary table sc_group_src as
with mine as (  -- the demo client's 150 newest orders
  select id as order_id, 'ECVP_CLIENT' as type from orders where company_id = 1 order by id desc limit 150
), others as (  -- 550 orders of other clients, every 1 700th
  select id as order_id, 'ECVP_CLIENT' as type from orders where company_id <> 1 and id % 1700 = 3 order by id limit 550
), p1 as (  -- 60 request chats of partner1 (company 3), 140 of other agents, on orders not used above
  select po.order_id, 'ECVP_PARTNER' as type from partner_orders po join orders o on o.id = po.order_id
  where po.partner_company_id = 3 and po.order_id % 1700 = 11 and o.company_id <> 1 order by po.order_id desc limit 60
), pn as (
  select distinct po.order_id, 'ECVP_PARTNER' as type from partner_orders po join orders o on o.id = po.order_id
  where po.partner_company_id <> 3 and po.order_id % 1700 = 29 and o.company_id <> 1
    and not exists (select 1 from partner_orders q where q.order_id = po.order_id and q.partner_company_id = 3)
  order by po.order_id desc limit 140
)
select * from mine union all select * from others union all select * from p1 union all select * from pn;

insert into chat_groups (type, name, order_id, created_at)
select s.type, 'Заявка №' || s.order_id, s.order_id, o.created_at
from sc_group_src s join orders o on o.id = s.order_id order by o.created_at;

insert into chat_groups (type, name, created_at)
select 'ECVP_SUPPORT', 'Поддержка', now() - interval '400 days' from generate_series(1, 80);
insert into chat_groups (type, name, created_by, created_at)
select 'ECVP_PARTNER_CLIENT', 'Альянс ' || g, (select id from users where email = 'partner1@example.com'), now() - interval '300 days'
from generate_series(1, 20) g;

-- members: request chats — the order's client user (ECVP_CLIENT) or the agent's user (ECVP_PARTNER) and both demo operators
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, o.created_by, 'PARTICIPANT', g.created_at
from chat_groups g join orders o on o.id = g.order_id where g.type = 'ECVP_CLIENT';
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, (select min(u.id) from users u where u.company_id = po.partner_company_id), 'PARTICIPANT', g.created_at
from chat_groups g
join lateral (select partner_company_id from partner_orders po where po.order_id = g.order_id
              order by (po.partner_company_id = 3) desc, po.id limit 1) po on true
where g.type = 'ECVP_PARTNER';
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, u.id, 'PARTICIPANT', g.created_at
from chat_groups g cross join (select id from users where email in ('operator@example.com', 'support@example.com')) u
where g.type in ('ECVP_CLIENT', 'ECVP_PARTNER');
-- support chats: 80 client users (not the demo client: its own is created by the app on first use) + the support user
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, c.user_id, 'OWNER', g.created_at
from (select id, created_at, row_number() over (order by id) - 1 as n from chat_groups where type = 'ECVP_SUPPORT') g
join sc_client c on c.idx = g.n * 7;
insert into chat_members (group_id, user_id, role, joined_at)
select id, 10762, 'PARTICIPANT', created_at from chat_groups where type = 'ECVP_SUPPORT';
-- alliances: partner1 (owner), a client and operator@example.com
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, (select id from users where email = 'partner1@example.com'), 'OWNER', g.created_at
from chat_groups g where g.type = 'ECVP_PARTNER_CLIENT';
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, c.user_id, 'PARTICIPANT', g.created_at
from (select id, created_at, row_number() over (order by id) - 1 as n from chat_groups where type = 'ECVP_PARTNER_CLIENT') g
join sc_client c on c.idx = g.n * 11 + 3;
insert into chat_members (group_id, user_id, role, joined_at)
select g.id, (select id from users where email = 'operator@example.com'), 'PARTICIPANT', g.created_at
from chat_groups g where g.type = 'ECVP_PARTNER_CLIENT';

create temporary table sc_gm as
select m.group_id, m.user_id, g.type, row_number() over (partition by m.group_id order by m.id) - 1 as n,
       count(*) over (partition by m.group_id) as cnt,
       dense_rank() over (order by m.group_id) - 1 as gidx
from chat_members m join chat_groups g on g.id = m.group_id
where g.name like 'Заявка №%' or g.type in ('ECVP_SUPPORT', 'ECVP_PARTNER_CLIENT');
create index on sc_gm (gidx, n);

-- 100 000 messages, oldest first (ids grow with time: the read pointer compares ids), five minutes apart
insert into chat_messages (group_id, sender_id, author_user_id, ext_msg_id, text, mentioned, reply_to_id, type,
                           status, created_at)
select m.group_id, m.user_id,
       case when m.user_id = 10762 then (select id from users where email = 'support@example.com') else m.user_id end,
       'msg_scale_' || s.g,
       'Сообщение ' || s.g || ': ' || repeat('текст ', 1 + s.g % 12),
       case when s.g % 97 = 0 then array[(select user_id from sc_gm x where x.group_id = m.group_id and x.n = 0)]::int[] else '{}'::int[] end,
       null, 'GROUP_MSG', 'DELIVERED',
       now() - (100000 - s.g) * interval '5 minutes'
from (select g, floor(random() * 1000)::int as gidx, random() as r from generate_series(1, 100000) g) s
join sc_gm m on m.gidx = s.gidx and m.n = floor(s.r * (select max(cnt) from sc_gm c where c.gidx = s.gidx))::int
order by s.g;

-- 5 000 reactions of other members on messages
insert into chat_reactions (message_id, user_id, emoji, created_at)
select distinct on (msg.id, m.user_id) msg.id, m.user_id, '👍', msg.created_at + interval '1 minute'
from chat_messages msg
join sc_gm m on m.group_id = msg.group_id and m.user_id <> msg.sender_id and m.n = 0
where msg.id % 19 = 0 and msg.ext_msg_id like 'msg_scale_%'
order by msg.id, m.user_id
limit 5000;

-- read pointers: 0–30 messages unread per member (none for a third)
update chat_members cm
set last_viewed_message_id = coalesce(p.pointer, 0), last_viewed_at = now() - interval '1 hour',
    last_seen_reaction_id = coalesce((select max(id) from chat_reactions), 0) * (cm.id % 2)
from (
  select k.id, (select msg.id from chat_messages msg where msg.group_id = k.group_id order by msg.id desc
                offset k.unread limit 1) as pointer
  from (select id, group_id, case when id % 3 = 0 then 0 else (id * 13) % 31 end as unread from chat_members) k
) p
where p.id = cm.id and cm.group_id in (select group_id from sc_gm);

drop table sc_client, sc_partner, sc_oper, sc_tnved, sc_po_src, sc_group_src, sc_gm;
