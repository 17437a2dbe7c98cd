import type { ResourceDefinition } from '../../domain/resources/define';
import { RESOURCES } from '../../domain/resources/index';

const ALL = Object.values(RESOURCES) as ResourceDefinition[];

/** The registered resources whose rows live under a row of this one, in their button order (ParentDef). */
export function childResourcesOf(definition: Pick<ResourceDefinition, 'name'>): ResourceDefinition[] {
  return ALL.filter((child) => child.parent?.resource === definition.name && child.nav).sort((a, b) => a.parent!.order - b.parent!.order);
}

/** A registered resource by name. */
export function definitionNamed(name: string): ResourceDefinition | undefined {
  return ALL.find((d) => d.name === name);
}
