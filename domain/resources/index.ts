import { corpResource } from './corp';
import { destinationGroupResource } from './destination-group';
import { followResource } from './follow';
import { dialerResource } from './dialer';
import { integrationResource } from './integration';
import { ivrResource } from './ivr';
import { mediaServerResource } from './media-server';
import { mohCorpResource, mohQueueResource } from './moh';
import { pollResource, questionResource } from './poll';
import { voicemailResource } from './voicemail';
import { pauseReasonResource } from './pause-reason';
import { restrictionCorpResource, restrictionExtenResource, restrictionInResource } from './restriction';
import { sipRouteResource } from './sip-route';
import { sipServerResource } from './sip-server';
import { speedDialCorpResource, speedDialExtenResource } from './speed-dial';
import { timeConditionResource, timeExtenResource } from './time-condition';
import { trunkResource } from './trunk';
import { extensionResource } from './extension';
import { kioskScreenResource } from './kiosk-screen';
import { clickToCallKeyResource } from './click-to-call-key';
import { meetingResource } from './meeting';
import { roomResource } from './room';
import { lookAndFeelSingleton } from './look-and-feel';
import { mailParametersSingleton, systemParametersSingleton } from './parameters';
import { tariffSingleton } from './tariff';
import type { SingletonDefinition } from './singleton';
import { queueResource } from './queue';
import { roleGroupResource } from './role-group';
import { userResource } from './user';
import type { ResourceDefinition } from './define';

export * from './define';
export * from './singleton';
export * from './tariff';
export * from './parameters';
export * from './corp';
export * from './user';
export * from './role-group';
export * from './look-and-feel';
export * from './extension';
export * from './queue';
export * from './kiosk-screen';
export * from './click-to-call-key';
export * from './sip-server';
export * from './trunk';
export * from './sip-route';
export * from './speed-dial';
export * from './follow';
export * from './destination-group';
export * from './restriction';
export * from './time-condition';
export * from './media-server';
export * from './sound-fields';
export * from './ivr';
export * from './poll';
export * from './moh';
export * from './integration';
export * from './dialer';
export * from './voicemail';
export * from './pause-reason';
export * from './room';
export * from './meeting';

/** Every resource served by the generic machinery, by name. */
export const RESOURCES = {
  corp: corpResource,
  user: userResource,
  roleGroup: roleGroupResource,
  extension: extensionResource,
  queue: queueResource,
  kioskScreen: kioskScreenResource,
  clickToCallKey: clickToCallKeyResource,
  server: sipServerResource,
  trunk: trunkResource,
  sipRoute: sipRouteResource,
  speedDialCorp: speedDialCorpResource,
  speedDialExten: speedDialExtenResource,
  follow: followResource,
  destinationGroup: destinationGroupResource,
  restrictionCorp: restrictionCorpResource,
  restrictionExten: restrictionExtenResource,
  restrictionIn: restrictionInResource,
  time: timeConditionResource,
  timeExten: timeExtenResource,
  mediaServer: mediaServerResource,
  ivr: ivrResource,
  poll: pollResource,
  question: questionResource,
  mohCorp: mohCorpResource,
  mohQueue: mohQueueResource,
  integration: integrationResource,
  dialer: dialerResource,
  voicemail: voicemailResource,
  pauseReason: pauseReasonResource,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;

/**
 * Every singleton resource (J-ONE-02), by name: one value per corp or for the platform, read and saved
 * whole at its path through the same pipeline as the resources above.
 */
const SINGLETON_DEFINITIONS = {
  lookAndFeel: lookAndFeelSingleton,
  tariff: tariffSingleton,
  systemParameters: systemParametersSingleton,
  mailParameters: mailParametersSingleton,
} satisfies Record<string, SingletonDefinition>;

export type SingletonName = keyof typeof SINGLETON_DEFINITIONS;
export const SINGLETONS: Readonly<Record<SingletonName, SingletonDefinition>> = SINGLETON_DEFINITIONS;

/**
 * Resources whose only API is the spec's own calls (J-ONE-02): rooms and meetings (spec 1 §7, `/meet/...`
 * paths and bodies). Their rows are written through the same pipeline as every resource above
 * (tenancy, validation, one transaction, member tables beside the row, guards, change events), but the
 * generic router mounts nothing for them, so no door opens beside the spec's calls. No screen of the
 * generic machinery shows them (the rooms and calendar screens are src/features' own).
 */
const SPEC_ROUTED_DEFINITIONS = {
  room: roomResource,
  meeting: meetingResource,
} satisfies Record<string, ResourceDefinition>;

export type SpecRoutedName = keyof typeof SPEC_ROUTED_DEFINITIONS;
export const SPEC_ROUTED_RESOURCES: Readonly<Record<SpecRoutedName, ResourceDefinition>> = SPEC_ROUTED_DEFINITIONS;
