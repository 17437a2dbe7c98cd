import type { FastifyInstance } from 'fastify';
import type { MeetingRow, ResourceName, RoomRow, SingletonName, SpecRoutedName } from '../../domain';
import type { AnyBinding } from '../crud/binding';
import { createPipeline, type Pipeline } from '../crud/pipeline';
import { mountResource } from '../crud/router';
import { createSingletonPipeline, type AnySingletonBinding, type SingletonPipeline } from '../crud/singleton';
import { mountSingleton } from '../crud/singleton-router';
import type { BindingLookup } from '../crud/tenant';
import { corpBinding } from './corp';
import { destinationGroupBinding } from './destination-group';
import { dialerBinding } from './dialer';
import { followBinding } from './follow';
import { integrationBinding } from './integration';
import { ivrBinding } from './ivr';
import { meetingBinding } from './meeting';
import { mohCorpBinding, mohQueueBinding } from './moh';
import { pollBinding, questionBinding } from './poll';
import { voicemailBinding } from './voicemail';
import { pauseReasonBinding } from './pause-reason';
import { mediaServerBinding } from './media-server';
import { restrictionCorpBinding, restrictionExtenBinding, restrictionInBinding } from './restriction';
import { sipRouteBinding } from './sip-route';
import { sipServerBinding } from './sip-server';
import { speedDialCorpBinding, speedDialExtenBinding } from './speed-dial';
import { timeConditionBinding, timeExtenBinding } from './time-condition';
import { trunkBinding } from './trunk';
import { extensionBinding } from './extension';
import { kioskScreenBinding } from './kiosk-screen';
import { clickToCallKeyBinding } from './click-to-call-key';
import { lookAndFeelBinding } from './look-and-feel';
import { mailParametersBinding, systemParametersBinding } from './parameters';
import { tariffBinding } from './tariff';
import { queueBinding } from './queue';
import { roleGroupBinding } from './role-group';
import { roomBinding } from './room';
import { userBinding } from './user';

/**
 * THE server registry of resources: the binding of every resource the generic machinery serves, by
 * its domain name (domain/resources RESOURCES). Mounting, the tenant accessor's lookups, references,
 * destinations and the authorization-matrix test all read it. Complete: a resource without its binding
 * does not compile (J-ONE-02).
 */
export const BINDINGS: Record<ResourceName, AnyBinding> = {
  corp: corpBinding,
  user: userBinding,
  roleGroup: roleGroupBinding,
  extension: extensionBinding,
  queue: queueBinding,
  kioskScreen: kioskScreenBinding,
  clickToCallKey: clickToCallKeyBinding,
  server: sipServerBinding,
  trunk: trunkBinding,
  sipRoute: sipRouteBinding,
  speedDialCorp: speedDialCorpBinding,
  speedDialExten: speedDialExtenBinding,
  follow: followBinding,
  destinationGroup: destinationGroupBinding,
  restrictionCorp: restrictionCorpBinding,
  restrictionExten: restrictionExtenBinding,
  restrictionIn: restrictionInBinding,
  time: timeConditionBinding,
  timeExten: timeExtenBinding,
  mediaServer: mediaServerBinding,
  ivr: ivrBinding,
  poll: pollBinding,
  question: questionBinding,
  mohCorp: mohCorpBinding,
  mohQueue: mohQueueBinding,
  integration: integrationBinding,
  dialer: dialerBinding,
  pauseReason: pauseReasonBinding,
  voicemail: voicemailBinding,
};

/**
 * The server half of every singleton of the registry (domain SINGLETONS), by name: one value per corp
 * or for the platform, mounted beside the resources through the same pipeline steps (J-ONE-02).
 */
export const SINGLETON_BINDINGS: Record<SingletonName, AnySingletonBinding> = {
  lookAndFeel: lookAndFeelBinding,
  tariff: tariffBinding,
  systemParameters: systemParametersBinding,
  mailParameters: mailParametersBinding,
};

/**
 * The server half of the resources served only at the spec's own calls (domain SPEC_ROUTED_RESOURCES):
 * a pipeline each, for their routes (server/routes/meetings.ts), and no generic route.
 */
export const SPEC_ROUTED_BINDINGS: Record<SpecRoutedName, AnyBinding> = {
  room: roomBinding,
  meeting: meetingBinding,
};

/** The pipelines of the spec-routed resources, by the wire row their bindings present. */
export interface SpecRoutedPipelines {
  room: Pipeline<RoomRow>;
  meeting: Pipeline<MeetingRow>;
}

const ALL_BINDINGS: readonly AnyBinding[] = [...Object.values(BINDINGS), ...Object.values(SPEC_ROUTED_BINDINGS)];

/** A binding by resource name, or by `destination:{kind}` the resource whose rows are that kind of destination. */
export const lookupBinding: BindingLookup = Object.assign(
  (name: string) => {
    if (name.startsWith('destination:')) {
      const kind = name.slice('destination:'.length);
      return ALL_BINDINGS.find((b) => b.definition.destination?.kind === kind);
    }
    return BINDINGS[name as ResourceName] ?? SPEC_ROUTED_BINDINGS[name as SpecRoutedName];
  },
  { all: () => [...ALL_BINDINGS] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** the write pipeline of each resource, for special routes (row actions beyond the generic ones, lookups) */
    pipelines: Map<string, Pipeline>;
    /** the pipeline of each resource served only at the spec's own calls (rooms, meetings) */
    specRouted: SpecRoutedPipelines;
    /** the pipeline of each singleton, for the special routes beside them (the public look and feel) */
    singletons: Map<SingletonName, SingletonPipeline>;
  }
}

/** Mounts every registered resource's and singleton's generic routes and keeps their pipelines on the app. */
export function mountResources(app: FastifyInstance): void {
  const pipelines = new Map<string, Pipeline>();
  for (const [name, binding] of Object.entries(BINDINGS)) {
    if (binding.definition.name !== name) throw new Error(`resource registry: ${name} holds the binding of ${binding.definition.name}`);
    const pipeline = createPipeline(app.ctx, binding, lookupBinding);
    pipelines.set(name, pipeline);
    mountResource(app, pipeline);
  }
  app.decorate('pipelines', pipelines);
  // their pipelines, and no generic route: the spec's calls are their only doors
  const pipelinesOf = Object.fromEntries(
    Object.entries(SPEC_ROUTED_BINDINGS).map(([name, binding]) => {
      if (binding.definition.name !== name) throw new Error(`resource registry: ${name} holds the binding of ${binding.definition.name}`);
      return [name, createPipeline(app.ctx, binding, lookupBinding)];
    }),
  );
  // each binding presents its wire row (withoutCorp): RoomRow, MeetingRow
  const specRouted = pipelinesOf as unknown as SpecRoutedPipelines;
  app.decorate('specRouted', specRouted);
  const singletons = new Map<SingletonName, SingletonPipeline>();
  for (const [name, binding] of Object.entries(SINGLETON_BINDINGS) as [SingletonName, AnySingletonBinding][]) {
    if (binding.definition.name !== name) throw new Error(`singleton registry: ${name} holds the binding of ${binding.definition.name}`);
    const pipeline = createSingletonPipeline(app.ctx, binding, lookupBinding);
    singletons.set(name, pipeline);
    mountSingleton(app, pipeline);
  }
  app.decorate('singletons', singletons);
}
