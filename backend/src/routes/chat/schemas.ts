/** TypeBox schemas of the chat calls (spec chat §3 entities, §7 calls). */
import { Type } from 'typebox';
import { GROUP_TYPES, MEMBER_ROLES } from '@platform/domain/chat/groups';
import { METADATA_TYPES } from '@platform/domain/chat/message';

const lit = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

export const GroupTypeSchema = lit(GROUP_TYPES);
export const StatusSchema = lit(['SENT', 'DELIVERED', 'VIEWED'] as const);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const GroupMsgParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  msgId: Type.Integer({ minimum: 1 }),
});
export const MsgParams = Type.Object({ msgId: Type.Integer({ minimum: 1 }) });
export const FileIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const UserParams = Type.Object({ userId: Type.Integer({ minimum: 1 }) });
export const UserGroupParams = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  groupId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

export const MetaDataInput = Type.Object(
  {
    userMessage: Type.String({ maxLength: 4000 }),
    metadataType: lit(METADATA_TYPES),
  },
  { additionalProperties: false, description: 'chat §3 metaData: { userMessage, metadataType }' },
);

const Summary = Type.Object({
  msgId: Type.Integer(),
  text: Nullable(Type.String()),
  sender: Type.Object({ id: Type.Integer(), name: Type.String() }),
  selfMsg: Type.Boolean({
    description: "the viewer's own message (chat §6), judged in the summarised message's group",
  }),
  deleted: Type.Boolean(),
  fileName: Nullable(Type.String()),
});
const FileView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  link: Type.String(),
});

export const MessageSchema = Type.Object({
  msgId: Type.Integer(),
  extMsgId: Nullable(Type.String()),
  groupId: Type.Integer(),
  dateTimeCreate: Type.String(),
  timeCreate: Type.String(),
  text: Nullable(Type.String()),
  status: StatusSchema,
  messageStatus: StatusSchema,
  selfMsg: Type.Boolean(),
  sender: Type.Object({ id: Type.Integer(), name: Type.String() }),
  sentByGroup: Type.Boolean(),
  file: Nullable(FileView),
  pictures: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), previewPictureInfo: Type.Object({ link: Type.String() }) }),
  ),
  replyMessage: Nullable(Summary),
  forwardMessage: Nullable(Summary),
  mentioned: Type.Array(Type.Integer()),
  type: Type.String(),
  group: Type.Object({ id: Type.Integer(), type: Type.String(), name: Type.String() }),
  sourceMsgId: Nullable(Type.Integer()),
  metaData: Nullable(Type.String({ description: 'JSON { userMessage, metadataType } (chat §3)' })),
  edited: Type.Boolean(),
  dateTimeEdit: Nullable(Type.String()),
  reactions: Type.Array(
    Type.Object({ emoji: Type.String(), count: Type.Integer(), userIds: Type.Array(Type.Integer()) }),
  ),
  invitation: Type.Optional(
    Nullable(
      Type.Object(
        {
          id: Type.Integer({ description: 'the invitation id (the userMessage)' }),
          invitedUserId: Type.Integer(),
          invitedUserName: Type.String({ description: "'Имя Фамилия', or the e-mail when both are empty" }),
          status: lit(['PENDING', 'ACCEPTED', 'DECLINED'] as const),
        },
        {
          description:
            'only on GROUP_INVITATION messages: the invitation as every member sees it; null when it is gone',
        },
      ),
    ),
  ),
});

export const StatisticsSchema = Type.Object({
  groupId: Type.Integer(),
  hasMessages: Type.Boolean(),
  hasNewMentions: Type.Boolean(),
  hasNewReactions: Type.Boolean(),
  unreadMessagesCount: Type.Integer({ minimum: 0 }),
  unreadMessagesCounters: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer({ minimum: 0 }) })),
});

export const GroupPreviewSchema = Type.Object({
  id: Type.Integer(),
  groupType: Type.String(),
  name: Type.String(),
  dateTimeCreate: Type.String(),
  orderId: Nullable(Type.Integer()),
  favoriteId: Nullable(Type.Integer()),
  isBotOrSupport: Type.Boolean(),
  userRole: lit(['OWNER', 'PARTICIPANT'] as const),
  memberRole: lit(MEMBER_ROLES),
  cursor: Type.String(),
  lastMessage: Nullable(
    Type.Object({
      msgId: Type.Integer(),
      timeCreate: Type.String(),
      fileName: Nullable(Type.String()),
      message: Nullable(Type.String()),
      sender: Type.Object({ id: Type.Integer(), name: Type.String() }),
      messageStatus: StatusSchema,
      selfMsg: Type.Boolean(),
      sentByGroup: Type.Boolean(),
      type: Type.String(),
    }),
  ),
  statistics: StatisticsSchema,
  supportRequester: Nullable(
    Type.Object(
      {
        id: Type.Integer({ description: 'user id' }),
        name: Type.String({ description: "display name: 'Имя Фамилия', or the e-mail when both are empty" }),
        companyName: Nullable(
          Type.String({ description: "short name of the user's company; null when the user has none" }),
        ),
      },
      {
        description:
          'ECVP_SUPPORT groups: the user whose support chat it is (the OWNER member: a client, payment agent or referral ' +
          'partner), so the support desk can tell its chats apart (spec chat §6 Support; designed). Null for every other group type.',
      },
    ),
  ),
});

export const GroupDetailSchema = Type.Object({
  ...GroupPreviewSchema.properties,
  members: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      role: lit(MEMBER_ROLES),
      online: Type.Boolean(),
      lastSeenAt: Nullable(Type.String()),
    }),
  ),
  info: Type.Object(
    {
      id: Type.Integer(),
      newReactionsMessageIds: Type.Array(Type.Integer()),
      mentionedMessageIds: Type.Array(Type.Integer()),
      lastViewedMessageId: Type.Integer(),
      lastViewedMessageDateTime: Nullable(Type.String()),
    },
    { description: 'chat §3 Current chat info' },
  ),
});

export const FilterBody = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(
      Nullable(Type.String({ pattern: '^\\d{1,9}$', description: 'opaque: the `cursor` of the previous answer' })),
    ),
    types: Type.Optional(Type.Array(GroupTypeSchema, { maxItems: 4 })),
    searchStr: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    favorite: Type.Optional(Nullable(Type.Boolean())),
    groupIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
    groupTypes: Type.Optional(Type.Array(GroupTypeSchema, { maxItems: 4 })),
    emptyGroups: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

export const PageOfGroups = Type.Object({
  content: Type.Array(GroupPreviewSchema),
  cursor: Nullable(Type.String()),
  last: Type.Boolean(),
});

export const MessagesPage = Type.Object({
  content: Type.Array(MessageSchema),
  hasBefore: Type.Boolean({ description: 'older messages exist before the first one' }),
  hasAfter: Type.Boolean({ description: 'newer messages exist after the last one' }),
  last: Type.Boolean({ description: 'no more messages in the paging direction' }),
});

export const SendBody = Type.Object(
  {
    text: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
    extMsgId: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    replyMessageId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    forwardMessageId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    mentioned: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 })),
    fileId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    // No maxItems: more than 10 distinct pictures is refused by the handler with its own code TOO_MANY_ATTACHMENTS (chat §8),
    // not a generic MAX_ITEMS; the body limit (1 MiB) bounds the array.
    pictureIds: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        description: 'uploaded pictures; at most 10 distinct (TOO_MANY_ATTACHMENTS)',
      }),
    ),
    metaData: Type.Optional(Nullable(MetaDataInput)),
  },
  { additionalProperties: false },
);

export const EditBody = Type.Union([
  Type.Object(
    {
      messageId: Type.Integer({ minimum: 1 }),
      text: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
      metaData: Type.Optional(Nullable(MetaDataInput)),
    },
    { additionalProperties: false },
  ),
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
]);

export const UnreadSchema = Type.Object({
  unreadMessagesCount: Type.Integer({ minimum: 0 }),
  lastMessageId: Type.Integer({ minimum: 0 }),
});

export const GroupStatisticsAnswer = Type.Object({
  groupTypeStatistics: Type.Array(
    Type.Object({
      groupType: GroupTypeSchema,
      groupCount: Type.Integer({ minimum: 0 }),
      unreadGroupCount: Type.Integer({
        minimum: 0,
        description: 'groups of the type with at least one unread message from others',
      }),
      unreadMessagesCount: Type.Integer({
        minimum: 0,
        description: 'unread messages from others over the groups of the type',
      }),
    }),
  ),
  groupStatistics: Type.Array(StatisticsSchema),
});

export const ViewedAnswer = Type.Object({
  groupId: Type.Integer(),
  lastViewedMessageId: Type.Integer(),
  lastViewedMessageDateTime: Nullable(Type.String()),
  statistics: StatisticsSchema,
});

export const ChatUserSchema = Type.Object({
  id: Type.Integer(),
  chatUserId: Type.Integer(),
  name: Type.String(),
  accountType: Type.String(),
  isSupport: Type.Boolean(),
  supportUserId: Type.Integer(),
  supportChatGroupId: Nullable(Type.Integer()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
});

export const SessionTokenSchema = Type.Object({
  token: Type.String(),
  chatUserId: Type.Integer(),
  supportChatGroupId: Nullable(Type.Integer()),
  expirationTime: Type.String(),
});

/** A PENDING alliance invitation of the caller (designed GET .../chat/invitations; spec chat §3 metaData group invitation, §6 alliances). */
export const InvitationSchema = Type.Object({
  id: Type.Integer({ description: 'invitation id (the userMessage of the GROUP_INVITATION message)' }),
  groupId: Type.Integer({ description: 'the alliance (ECVP_PARTNER_CLIENT group)' }),
  groupName: Type.String({ description: "the alliance's name now" }),
  invitedBy: Type.Object({
    id: Type.Integer(),
    name: Type.String({ description: "'Имя Фамилия', or the e-mail when both are empty" }),
  }),
  invitedUserId: Type.Integer({ description: 'the invited user (the caller in GET invitations)' }),
  invitedUserName: Type.String({ description: "the invited user's display name" }),
  status: lit(['PENDING', 'ACCEPTED', 'DECLINED'] as const),
  createdAt: Type.String({ description: 'UTC ISO 8601' }),
});

/** A user the caller shares an active group with (designed GET .../chat/contacts). */
export const ContactSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: "'Имя Фамилия', or the e-mail when both are empty" }),
  accountType: Type.String({ description: 'CLIENT, PARTNER, AGENT or OPER (spec core §6)' }),
  companyName: Nullable(Type.String({ description: "short name of the user's company" })),
  lastSeenAt: Nullable(
    Type.String({ description: 'UTC ISO 8601; null when never seen (online = under 4 minutes ago, chat §4)' }),
  ),
});
