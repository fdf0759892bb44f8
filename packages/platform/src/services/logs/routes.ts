import type { ActivityAnswer, RequestAnswer, RequestLogAnswer } from '@atrium/contract/admin';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { elevatedRouter } from '../../http/elevated-routes.js';
import { RECORDED_CALLER_KINDS } from '../../http/request-log.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { ALL_SECTIONS } from '../staff/permissions.js';
import { findRequest, LOG_ROUTES, type LogWriter, listActivity, listRequests } from './service.js';

const Cursor = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: "The previous page's nextCursor." });
const Limit = Type.Integer({ minimum: 1, maximum: 200, description: 'Entries per page (default 50).' });

const RequestLogQuery = Type.Object({
  status: Type.Optional(
    Type.String({ pattern: '^[1-5]([0-9]{2}|xx)$', description: 'A status (403) or a class (4xx).' }),
  ),
  path: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the path, any case.' })),
  caller: Type.Optional(Type.Union(RECORDED_CALLER_KINDS.map((kind) => Type.Literal(kind)))),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit),
});
const RequestParams = Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 100 }) });
const ActivityQuery = Type.Object({
  actor: Type.Optional(
    Type.String({ maxLength: 200, description: "Part of the staff member's e-mail or the key's label." }),
  ),
  section: Type.Optional(Type.Union(ALL_SECTIONS.map((section) => Type.Literal(section)))),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit),
});

export interface LogsContext extends CallerAuthority {
  readonly logs: LogWriter;
}

/**
 * The request log (owners and admins: the settings section) and the activity log (owners), under
 * ADMIN_PREFIX. Each read first writes this process's buffered entries, so it sees its own calls.
 */
export function logsRoutes(ctx: LogsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const on = elevatedRouter(app, ctx);
    on.get(
      LOG_ROUTES.requests,
      { querystring: RequestLogQuery },
      (request): Promise<RequestLogAnswer> => listRequests(ctx, request.query),
    );
    on.get(
      LOG_ROUTES.request,
      { params: RequestParams, querystring: NoQuery },
      (request): Promise<RequestAnswer> => findRequest(ctx, request.params.requestId),
    );
    on.get(
      LOG_ROUTES.activity,
      { querystring: ActivityQuery },
      (request): Promise<ActivityAnswer> => listActivity(ctx, request.query),
    );
  };
}
