/**
 * The hub on the app's server: who a token is (with the session behind it, so an ended session closes
 * its connections), the methods it answers (the live operations, the agents' and calls' actions, the
 * TVs' fleet), the negotiate key every instance shares, and the negotiate route.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sessionOfToken } from '../auth/guard';
import { purposeKey } from '../auth/tokens';
import type { AppContext } from '../context';
import type { KioskFleet } from '../fleet/fleet';
import { createFleetMethods } from '../fleet/fleet-methods';
import { createHubServer, createLiveMethods, type AgentActions, type CallActions, type HubServer } from '../hub';
import type { LiveLog } from './live-log';
import type { LiveOps } from './live-ops';

export interface LiveHubOptions {
  ops: LiveOps;
  agents: AgentActions;
  calls: CallActions;
  fleet: KioskFleet;
  log: LiveLog;
}

export function createLiveHub(app: FastifyInstance, ctx: AppContext, { ops, agents, calls, fleet, log }: LiveHubOptions): HubServer {
  const { warn, info } = log;
  return createHubServer({
    server: app.server,
    authenticate: async (token) => {
      const found = await sessionOfToken(ctx, token);
      if (!found) return null;
      const user = found.principal;
      return { userId: user.userId, nick: user.nick, level: user.level, corpId: user.corpId, views: user.views, liveActions: user.liveActions, session: found.session };
    },
    methods: { ...createLiveMethods(ops, { agents, calls }), ...createFleetMethods(fleet) },
    // one key on every instance (JWT_SECRET): a negotiate on one, the WebSocket on another (I-INST-04)
    negotiateKey: purposeKey(ctx.key, 'hub-negotiate'),
    log: { warn, info },
  });
}

/** `POST {hub.path}/negotiate`: the official client posts text/plain (or nothing); the body is ignored */
export function negotiateRoute(hub: HubServer): FastifyPluginAsync {
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post(`${hub.path}/negotiate`, { schema: { hide: true } }, async (request, reply) => {
      const answer = await hub.handleNegotiate({ method: request.method, url: request.raw.url, headers: request.headers });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  };
}
