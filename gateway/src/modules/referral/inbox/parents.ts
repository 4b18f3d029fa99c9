/**
 * Parent shapes of the operators' inbox and the recommendations (issue 11); gateway/scripts/codegen.mjs reads the
 * `mapper:` lines. An `InboxItem` is the backend's item of POST /api/secured/oper/inbox/filter.
 */
import type { AnswerOf } from '../../../rest/openapi.js';

/** One item of the inbox (a callback request or a client's recommendation). */
// mapper: InboxItem
export type InboxItemParent = AnswerOf<'PUT', '/api/secured/oper/inbox/{kind}/{id}/status'>;

/** The operator who handled an item. */
// mapper: InboxItemHandler
export type InboxItemHandlerParent = NonNullable<InboxItemParent['handledBy']>;

/** The client company that recommended. */
// mapper: InboxItemRecommender
export type InboxItemRecommenderParent = NonNullable<InboxItemParent['recommender']>;
