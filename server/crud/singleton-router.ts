import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusedSingletonMethods, singletonMethods, STATUS } from '../../domain';
import { principalOf, resolvePrincipal } from '../auth/guard';
import { ApiFailure } from '../errors';
import { documentedBody } from './router';
import type { SingletonBody, SingletonPipeline } from './singleton';

/**
 * The routes of a singleton (J-ONE-02), the HTTP mapping of its pipeline: GET its path, the save (PUT,
 * or the spec's POST), PATCH where the value is an object, and 405 for every other write method (a
 * singleton is never listed, created or deleted). Every step of a save happens in the pipeline.
 */
export function mountSingleton(app: FastifyInstance, pipeline: SingletonPipeline): void {
  const { definition, binding } = pipeline;
  const ctx = app.ctx;
  const base = `/${definition.path}`;
  const tags = [definition.name];
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = binding.response ? { response: { 200: binding.response } } : {};

  /** the route guard (onRequest, before the body is read): 401 without a valid token, 403 without the action */
  const authorise = (action: 'read' | 'update') =>
    async function guard(request: FastifyRequest): Promise<void> {
      const principal = await resolvePrincipal(ctx, request);
      request.principal = principal;
      pipeline.authorize(principal, action);
    };

  // the body is validated by the definition's schema in the pipeline; the route's schema documents it
  const body = binding.documentedBody ?? documentedBody(pipeline.definition, 'update');
  const write = {
    schema: { tags, body, ...(binding.consumes ? { consumes: [...binding.consumes] } : {}), ...response },
    validatorCompiler: passBodyThrough,
    ...(binding.bodyLimit ? { bodyLimit: binding.bodyLimit } : {}),
    onRequest: authorise('update'),
  };
  const bodyOf = (request: FastifyRequest) => async (): Promise<SingletonBody> => (binding.readBody ? binding.readBody(request) : { body: request.body });

  r.get(base, { schema: { tags, summary: `Read the ${definition.name} (a singleton)`, ...response }, onRequest: authorise('read') }, async (request) => pipeline.read(principalOf(request)));

  r.route({
    method: definition.save ?? 'PUT',
    url: base,
    ...write,
    schema: { ...write.schema, summary: `Save the whole ${definition.name}`, description: 'Replaces the value: every field is taken from the body' },
    config: { doc: { refusals: binding.refusals ?? [] } },
    handler: async (request) => pipeline.save(principalOf(request), bodyOf(request)),
  });

  if (definition.patch) {
    r.patch(
      base,
      { ...write, schema: { ...write.schema, summary: `Change some fields of the ${definition.name}`, description: 'The fields sent are changed; every other keeps its stored value (J-API-02)' }, config: { doc: { partial: true, refusals: binding.refusals ?? [] } } },
      async (request) => pipeline.save(principalOf(request), bodyOf(request), { partial: true }),
    );
  }

  // no list, create or delete: the methods a singleton has not answer 405, whoever asks
  const allow = singletonMethods(definition).join(', ');
  for (const method of refusedSingletonMethods(definition)) {
    r.route({
      method,
      url: base,
      schema: { tags, summary: `Not allowed: the ${definition.name} is a singleton (${allow} only)` },
      config: { doc: { success: [], refusals: [STATUS.methodNotAllowed] } },
      handler: async (_request, reply) => {
        reply.header('allow', allow);
        throw new ApiFailure(STATUS.methodNotAllowed, 'errors.methodNotAllowed');
      },
    });
  }
}

function passBodyThrough<T>(route: Parameters<FastifySchemaCompiler<T>>[0]) {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);
}
