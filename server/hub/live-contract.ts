/**
 * The live actions the hub's methods hand a request to (pause, queue log-in, DND; spy, record,
 * transfer), as the hub sees them. server/live/agent-actions.ts and call-actions.ts implement them
 * above the hub and the REST routes call them too (G-PRM-01: the same checks whichever way a request
 * comes); the interfaces live here, below both, so the hub imports nothing of the live wiring.
 */
import type {
  AgentActionResult,
  CallActionResult,
  DndInput,
  Level,
  LiveAction,
  PauseInput,
  QueueLoginInput,
  RecordInput,
  SpyInput,
  TransferInput,
  UnpauseInput,
} from '../../domain';

/** Who acts. */
export interface Actor {
  userId: number;
  nick: string;
  level: Level;
  liveActions: readonly LiveAction[];
}

export interface AgentActions {
  pause(actor: Actor, corpId: number, input: PauseInput): Promise<AgentActionResult>;
  unpause(actor: Actor, corpId: number, input: UnpauseInput): Promise<AgentActionResult>;
  login(actor: Actor, corpId: number, input: QueueLoginInput): Promise<AgentActionResult>;
  logout(actor: Actor, corpId: number, input: QueueLoginInput): Promise<AgentActionResult>;
  setDnd(actor: Actor, corpId: number, input: DndInput): Promise<AgentActionResult>;
}

export interface CallActions {
  spy(actor: Actor, corpId: number, input: SpyInput): Promise<CallActionResult>;
  record(actor: Actor, corpId: number, input: RecordInput): Promise<CallActionResult & { recording: string }>;
  transfer(actor: Actor, corpId: number, input: TransferInput): Promise<CallActionResult>;
}
