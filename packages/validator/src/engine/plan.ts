/**
 * A judge's plan: which checks run for a registry (those its requirements name, from the catalogue), the shared
 * readings they read, in dispatch order, and the dispatch tables over them. It depends only on the registry and the
 * catalogue, both immutable, so it is made once and shared by every judge of them: a gateway judging a thousand
 * sessions at one revision holds one copy. What a judge holds of its own is only the handlers (and state) of the
 * checks its session's events have reached (judge.ts creates them on first use).
 */
import { type CheckSlot, DispatchTables, type HandlerName } from "./dispatch.js";
import { CheckError } from "./errors.js";
import type { CheckContext, CheckDefinition, CheckHandlers, Reading, Registry } from "./types.js";

/** A check of the plan. */
export interface PlannedCheck extends CheckSlot {
  readonly definition: CheckDefinition;
}

/** A shared reading of the plan, with the checks that read it, in check order. */
export interface PlannedReading extends CheckSlot {
  readonly reading: Reading<unknown>;
  readonly listeners: readonly PlannedCheck[];
}

export interface Plan {
  /** Readings then checks; `slots[slot.position] === slot`. */
  readonly slots: readonly (PlannedCheck | PlannedReading)[];
  /** The running checks, in catalogue order. */
  readonly checks: readonly PlannedCheck[];
  /** Position of each running check, by id. */
  readonly positions: ReadonlyMap<string, number>;
  /** Every check id of the catalogue (a requirement may name one that does not run at this registry). */
  readonly known: ReadonlySet<string>;
  readonly tables: DispatchTables;
}

export function isReading(slot: PlannedCheck | PlannedReading): slot is PlannedReading {
  return "reading" in slot;
}

const plans = new WeakMap<Registry, WeakMap<readonly CheckDefinition[], Plan>>();

/** The plan of a registry and catalogue, made on first use. Throws a `CheckError` if a check cannot be created. */
export function planFor(registry: Registry, catalogue: readonly CheckDefinition[]): Plan {
  let byCatalogue = plans.get(registry);
  if (!byCatalogue) {
    byCatalogue = new WeakMap();
    plans.set(registry, byCatalogue);
  }
  let plan = byCatalogue.get(catalogue);
  if (!plan) {
    plan = makePlan(registry, catalogue);
    byCatalogue.set(catalogue, plan);
  }
  return plan;
}

function makePlan(registry: Registry, catalogue: readonly CheckDefinition[]): Plan {
  const named = new Set(registry.requirements.flatMap((requirement) => requirement.checks ?? []));
  const definitions: CheckDefinition[] = [];
  const ids = new Set<string>();
  for (const definition of catalogue) {
    if (!named.has(definition.id) || ids.has(definition.id)) continue;
    ids.add(definition.id);
    definitions.push(definition);
  }
  const readings = [...new Set(definitions.flatMap((definition) => (definition.reads ? [definition.reads] : [])))];
  const slots: (PlannedCheck | PlannedReading)[] = [];
  const checks: PlannedCheck[] = [];
  const listenersOf = new Map<Reading<unknown>, PlannedCheck[]>();
  readings.forEach((reading, i) => {
    const listeners: PlannedCheck[] = [];
    listenersOf.set(reading, listeners);
    const id = `reading ${reading.id}`;
    const handles = handlerNames(id, () => reading.create(probeContext(registry.revision), () => {}));
    slots.push({
      id,
      index: i - readings.length,
      position: i,
      subscribe: reading.subscribe,
      handles,
      reading,
      listeners,
    });
  });
  for (const definition of definitions) {
    const handles = handlerNames(definition.id, () => definition.create(probeContext(registry.revision)));
    const check: PlannedCheck = {
      id: definition.id,
      index: checks.length,
      position: slots.length,
      subscribe: definition.subscribe,
      handles,
      definition,
    };
    checks.push(check);
    slots.push(check);
    if (definition.reads && handles.has("read")) listenersOf.get(definition.reads)!.push(check);
  }
  // A reading nobody listens to (its readers have no `read` handler) is not run.
  const running = slots.filter((slot) => !isReading(slot) || slot.listeners.length > 0);
  return {
    slots,
    checks,
    positions: new Map(checks.map((check) => [check.id, check.position])),
    known: new Set(catalogue.map((check) => check.id)),
    tables: new DispatchTables(running),
  };
}

/** Which handlers a check's `create` returns, read off one instance made for the purpose (creating has no effects). */
function handlerNames(id: string, create: () => CheckHandlers): ReadonlySet<HandlerName> {
  let handlers: CheckHandlers;
  try {
    handlers = create();
  } catch (error) {
    throw new CheckError(id, "create", error);
  }
  return new Set(HANDLERS.filter((name) => typeof handlers[name] === "function"));
}

const HANDLERS: readonly HandlerName[] = ["read", "message", "exchange", "event", "issue", "finish"];

/** A context for the plan's one look at each check: nothing is judged through it. */
function probeContext(revision: string): CheckContext {
  return {
    revision,
    facts: {},
    examined() {},
    report() {},
    validateSchema: () => [],
    hasSchema: () => false,
    openRequests: () => [],
  };
}
