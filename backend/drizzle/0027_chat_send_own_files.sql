-- Issue 15: a message with a file or pictures of its own (not a forward, not an invitation) takes the one-statement
-- send too: chat_send_message gets p_own_files. When true, p_file_id / p_picture_ids are the sender's own uploads, which
-- the route read and checked (present, the caller's, not an order's, pictures that are pictures: files/pictures.ts) before
-- the statement; in the order of the multi-statement path (src/routes/chat/messages.ts), after the mention check and
-- before any write, the statement locks them (FOR UPDATE: the expiry of unattached uploads, files/quota.ts, must not
-- delete them meanwhile) and answers 'FILE_NOT_FOUND' with the ids no longer there (a JSON array in `msg`) when one has
-- gone since; after the insert it marks them attached at the message's creation time (files/quota.ts markAttached). The
-- rest as in 0026.
DROP FUNCTION "chat_send_message"(integer, integer, boolean, text, text, integer[], jsonb, timestamptz, integer, jsonb, text, text, integer, bigint, uuid, uuid[]);
--> statement-breakpoint
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
  p_support_name text,
  p_reply_to integer DEFAULT NULL,
  p_forward_of bigint DEFAULT NULL,
  p_file_id uuid DEFAULT NULL,
  p_picture_ids uuid[] DEFAULT '{}',
  p_own_files boolean DEFAULT false
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
  own_ids uuid[];
  missing uuid[];
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
  IF p_reply_to IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM chat_messages WHERE id = p_reply_to AND group_id = g.id AND deleted_at IS NULL
  ) THEN
    RETURN QUERY SELECT 'REPLY_NOT_FOUND'::text, NULL::jsonb, to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;
  IF p_forward_of IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM chat_messages fm
    JOIN chat_groups fg ON fg.id = fm.group_id AND fg.deleted_at IS NULL
    JOIN chat_members fme ON fme.group_id = fg.id AND fme.left_at IS NULL
      AND fme.user_id = CASE WHEN p_support AND fg.type = 'ECVP_SUPPORT' THEN 10762 ELSE p_user_id END
    WHERE fm.id = p_forward_of AND fm.deleted_at IS NULL
  ) THEN
    RETURN QUERY SELECT 'FORWARD_NOT_FOUND'::text, NULL::jsonb, to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;
  IF cardinality(p_mentioned) > 0 AND (
    SELECT count(*) FROM chat_members WHERE group_id = g.id AND user_id = ANY (p_mentioned) AND left_at IS NULL
  ) <> cardinality(p_mentioned) THEN
    RETURN QUERY SELECT 'MENTION_NOT_MEMBER'::text, NULL::jsonb, to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;
  IF p_own_files THEN
    own_ids := CASE WHEN p_file_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[p_file_id] END || coalesce(p_picture_ids, '{}');
    SELECT array(
      SELECT x FROM unnest(own_ids) AS x WHERE x NOT IN (
        SELECT id FROM stored_files
        WHERE id = ANY (own_ids) AND owner_user_id = p_user_id AND order_id IS NULL
        FOR UPDATE)
    ) INTO missing;
    IF cardinality(missing) > 0 THEN
      RETURN QUERY SELECT 'FILE_NOT_FOUND'::text, to_jsonb(missing), to_jsonb(g), to_jsonb(m);
      RETURN;
    END IF;
  END IF;
  SELECT last_seen_at INTO last_seen FROM chat_presence WHERE user_id = p_user_id;

  INSERT INTO chat_messages (group_id, sender_id, author_user_id, ext_msg_id, text, mentioned, meta_data, reply_to_id,
    forward_of_id, file_id, picture_ids, type, created_at)
  VALUES (g.id, acting, p_user_id, p_ext_msg_id, p_text, p_mentioned, p_meta, p_reply_to,
    p_forward_of, p_file_id, coalesce(p_picture_ids, '{}'),
    CASE WHEN p_reply_to IS NULL THEN 'GROUP_MSG' ELSE 'CHILD_MSG' END, greatest(p_now, (
    SELECT date_trunc('milliseconds', created_at) + interval '1 millisecond'
    FROM chat_messages WHERE group_id = g.id ORDER BY id DESC LIMIT 1)))
  ON CONFLICT DO NOTHING
  RETURNING * INTO r;
  IF r.id IS NULL THEN
    SELECT * INTO d FROM chat_messages WHERE author_user_id = p_user_id AND ext_msg_id = p_ext_msg_id;
    RETURN QUERY SELECT 'DUP'::text, to_jsonb(d), to_jsonb(g), to_jsonb(m);
    RETURN;
  END IF;

  IF p_own_files THEN
    UPDATE stored_files SET attached_at = r.created_at WHERE id = ANY (own_ids) AND attached_at IS NULL;
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
  INSERT INTO chat_events_pending (recipients, kind, payload) VALUES (recips, r.type, jsonb_build_object(
    'type', r.type, 'groupId', g.id,
    'message', p_template || jsonb_build_object(
      'msgId', r.id, 'dateTimeCreate', iso, 'timeCreate', iso, 'status', r.status, 'messageStatus', r.status,
      'sender', jsonb_build_object('id', r.sender_id,
        'name', CASE WHEN r.sender_id = 10762 THEN p_support_name ELSE p_sender_name END),
      'sentByGroup', r.sender_id = 10762,
      'group', jsonb_build_object('id', g.id, 'type', g.type, 'name', g.name))));
  RETURN QUERY SELECT 'CREATED'::text, to_jsonb(r), to_jsonb(g), to_jsonb(m);
END;
$$;
