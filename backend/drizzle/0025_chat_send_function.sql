-- Issue 15 ("Subscriptions": 200 messages/s to 1 000 subscribers): the send of a plain message (no reply, forward,
-- file or pictures; not a GROUP_INVITATION metaData) as ONE statement, its own transaction, instead of six round trips
-- (BEGIN, membership + lock, insert, pointer/VIEWED/presence/recipients, event append, COMMIT) during which the
-- transaction sat "idle in transaction" waiting for the backend's busy event loop while holding a pool connection and
-- the group lock. The route (src/routes/chat/messages.ts) calls it in autocommit (`select * from chat_send_message(…)`)
-- and then awaits the event sequencer as before (src/chat/sequencer.ts). Messages with a reply, forward or attachments
-- keep the multi-statement path; both do exactly the same (spec chat-and-shell §4, §5; src/chat/repository/*.ts):
-- 1. lock the group row (FOR NO KEY UPDATE, as lockMembership/insertChatMessage) — 'NOT_FOUND' when the group does not
--    exist, is deleted, or the caller (acting as 10762 in an ECVP_SUPPORT group when p_support) has no active member
--    row; the idempotent duplicate (same author and extMsgId, any group) — 'DUP' with that message (the caller answers
--    200, or 409 when it is of another group); the mentions must all be active members — 'MENTION_NOT_MEMBER'.
--    Every refusal returns before any write (the statement's transaction then commits nothing).
-- 2. insert the message; created_at = the later of p_now and 1 ms after the group's newest message (domain
--    nextMessageTime). VOLATILE plpgsql under READ COMMITTED takes a new snapshot per statement, so the insert sees
--    every message committed before the lock was granted (as the separate insert statement of the old path did).
--    A concurrent send with the same extMsgId that committed first: ON CONFLICT DO NOTHING, then 'DUP' with its row.
-- 3. the sender's read pointer to the new message and last-viewed time to its creation time; the others' messages
--    it passes become VIEWED (ids returned in the MSG_VIEWED event); presence touched when the stored last-seen time is
--    null or at least p_presence_refresh_ms old (people.ts presenceStale / touchPresenceQuery); the recipients: the
--    active members but 10762, and every active operator when 10762 is an active member (membership.ts
--    groupRecipientsQuery).
-- 4. the events into chat_events_pending in this order: MSG_VIEWED (when some became VIEWED; repository/messages.ts
--    msgViewedEvent), then GROUP_MSG whose `message` is p_template (the viewer-neutral event view that the route built
--    with the same code as the old path, repository/messages.ts eventMessage) with the fields only known here set:
--    msgId, dateTimeCreate/timeCreate (ISO 8601 UTC with milliseconds, as JavaScript's toISOString), status and
--    messageStatus (the stored status), sender { id, name } and sentByGroup, group { id, type, name }.
-- Returns one row: outcome ('CREATED' | 'DUP' | 'NOT_FOUND' | 'MENTION_NOT_MEMBER'), msg (the new or duplicate
-- message row as to_jsonb), grp and mem (the group row and the caller's member row as read under the lock, before the
-- pointer moved; null for NOT_FOUND). Any error raised inside rolls the whole statement back: nothing half-written.
CREATE FUNCTION "chat_send_message"(
  p_group_id integer,
  p_user_id integer,
  p_support boolean,
  p_ext_msg_id text,
  p_text text,
  p_mentioned integer[],
  p_meta jsonb,
  p_now timestamptz,
  p_presence_refresh_ms integer,
  p_template jsonb,
  p_sender_name text,
  p_support_name text
) RETURNS TABLE (outcome text, msg jsonb, grp jsonb, mem jsonb) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g chat_groups;
  m chat_members;
  d chat_messages;
  r chat_messages;
  acting integer;
  last_seen timestamptz;
  viewed bigint[];
  recips integer[];
  iso text;
BEGIN
  SELECT * INTO g FROM chat_groups WHERE id = p_group_id AND deleted_at IS NULL FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NOT_FOUND'::text, NULL::jsonb, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  acting := CASE WHEN p_support AND g.type = 'ECVP_SUPPORT' THEN 10762 ELSE p_user_id END;
  SELECT * INTO m FROM chat_members WHERE group_id = g.id AND user_id = acting AND left_at IS NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NOT_FOUND'::text, NULL::jsonb, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  IF p_ext_msg_id IS NOT NULL THEN
    SELECT * INTO d FROM chat_messages WHERE author_user_id = p_user_id AND ext_msg_id = p_ext_msg_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'DUP'::text, to_jsonb(d), to_jsonb(g), to_jsonb(m);
      RETURN;
    END IF;
  END IF;
  IF cardinality(p_mentioned) > 0 AND (
    SELECT count(*) FROM chat_members WHERE group_id = g.id AND user_id = ANY (p_mentioned) AND left_at IS NULL
  ) <> cardinality(p_mentioned) THEN
    RETURN QUERY SELECT 'MENTION_NOT_MEMBER'::text, NULL::jsonb, to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;
  SELECT last_seen_at INTO last_seen FROM chat_presence WHERE user_id = p_user_id;

  INSERT INTO chat_messages (group_id, sender_id, author_user_id, ext_msg_id, text, mentioned, meta_data, type, created_at)
  VALUES (g.id, acting, p_user_id, p_ext_msg_id, p_text, p_mentioned, p_meta, 'GROUP_MSG', greatest(p_now, (
    SELECT date_trunc('milliseconds', created_at) + interval '1 millisecond'
    FROM chat_messages WHERE group_id = g.id ORDER BY id DESC LIMIT 1)))
  ON CONFLICT DO NOTHING
  RETURNING * INTO r;
  IF r.id IS NULL THEN
    SELECT * INTO d FROM chat_messages WHERE author_user_id = p_user_id AND ext_msg_id = p_ext_msg_id;
    RETURN QUERY SELECT 'DUP'::text, to_jsonb(d), to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;

  UPDATE chat_members SET last_viewed_message_id = r.id, last_viewed_at = r.created_at WHERE id = m.id;
  WITH v AS (
    UPDATE chat_messages SET status = 'VIEWED'
    WHERE group_id = g.id AND id > m.last_viewed_message_id AND id <= r.id AND sender_id <> m.user_id
      AND deleted_at IS NULL AND status <> 'VIEWED'
    RETURNING id
  )
  SELECT array(SELECT id FROM v ORDER BY id) INTO viewed;
  IF last_seen IS NULL OR p_now - last_seen >= make_interval(secs => p_presence_refresh_ms / 1000.0) THEN
    INSERT INTO chat_presence (user_id, last_seen_at) VALUES (p_user_id, p_now)
    ON CONFLICT (user_id) DO UPDATE SET last_seen_at = greatest(chat_presence.last_seen_at, excluded.last_seen_at);
  END IF;
  SELECT array(
    SELECT user_id FROM chat_members WHERE group_id = g.id AND left_at IS NULL AND user_id <> 10762
    UNION
    SELECT id FROM users WHERE account_type = 'OPER' AND status = 'ACTIVE' AND EXISTS (
      SELECT 1 FROM chat_members WHERE group_id = g.id AND user_id = 10762 AND left_at IS NULL)
  ) INTO recips;

  IF cardinality(viewed) > 0 THEN
    INSERT INTO chat_events_pending (recipients, kind, payload) VALUES (recips, 'MODIFY_MSG', jsonb_build_object(
      'type', 'MODIFY_MSG', 'modification', 'MSG_VIEWED', 'groupId', g.id,
      'message', jsonb_build_object('msgId', viewed[cardinality(viewed)], 'groupId', g.id, 'status', 'VIEWED',
        'metaData', array_to_string(viewed, ',')),
      'viewerId', m.user_id));
  END IF;
  iso := to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  INSERT INTO chat_events_pending (recipients, kind, payload) VALUES (recips, 'GROUP_MSG', jsonb_build_object(
    'type', 'GROUP_MSG', 'groupId', g.id,
    'message', p_template || jsonb_build_object(
      'msgId', r.id, 'dateTimeCreate', iso, 'timeCreate', iso, 'status', r.status, 'messageStatus', r.status,
      'sender', jsonb_build_object('id', r.sender_id,
        'name', CASE WHEN r.sender_id = 10762 THEN p_support_name ELSE p_sender_name END),
      'sentByGroup', r.sender_id = 10762,
      'group', jsonb_build_object('id', g.id, 'type', g.type, 'name', g.name))));
  RETURN QUERY SELECT 'CREATED'::text, to_jsonb(r), to_jsonb(g), to_jsonb(m);
END;
$$;
