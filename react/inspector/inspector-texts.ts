// The machine inspector's own interface texts: English by default, each one replaceable through the `texts`
// prop (a translation, say). Texts with values are functions of them, so word order can differ per language.
import { reportCallbackError, UserCallbackError } from '../../core/errors/guard-callback.js';
import { describeValue } from '../../core/validate/describe-value.js';
import { fieldsOrThrow, isFunction, STRING } from '../../machines/fields.js';
import type { FieldRule, FieldRules } from '../../machines/fields.js';

/** Every text the machine inspector and its diagram viewport show; state names, event types and values stay as they are. */
export interface InspectorTexts {
  /** The accessible name of the list of actors. */
  runningActors: string;
  /** The label of the actor picker (narrow screens). */
  actor: string;
  /** Shown when there is no actor to inspect. */
  noActors: string;
  /** Before an actor's state in the list when its status is not 'active' (`done: `). */
  statusPrefix: (status: string) => string;
  /** The accessible name of an actor's panel. */
  panelLabel: (name: string) => string;
  /** Before the current state of an active actor (the state names follow). */
  nowIn: string;
  /** Before the last state of an actor that is not active (`done in `). */
  statusIn: (status: string) => string;
  /** Between two current states of parallel regions. */
  stateSeparator: string;
  /** The diagram's source could not be made (the message follows from the error). */
  diagramFailed: (message: string) => string;
  /** Mermaid could not render the diagram. */
  renderFailed: (message: string) => string;
  /** The actor runs no state machine. */
  noDiagram: string;
  /** While the diagram is drawn. */
  drawing: string;
  /** What the diagram shows: its accessible name, and the subject of the zoom toolbar's and the frame's names. */
  diagramLabel: (name: string) => string;
  /** The heading above the event buttons. */
  sendAnEvent: string;
  /** The accessible name of the list of event buttons. */
  acceptedEvents: string;
  /** The title of an event button, and the name of a transition label that sends its event. */
  sendEvent: (type: string) => string;
  /** The title of an event button whose bare event a guard refuses now. */
  sendGuardedEvent: (type: string) => string;
  /** The label of the extra-fields box. */
  extraFields: string;
  /** The extra fields are JSON but not an object. */
  notAnObject: string;
  /** The extra fields are not JSON (the parser's message follows). */
  notJson: (message: string) => string;
  /** The actor threw on an event sent from the inspector. */
  actorThrew: (type: string, message: string) => string;
  /** The note on dashed (guarded) event buttons. */
  guardNote: string;
  /** The active state accepts no events. */
  acceptsNone: string;
  /** An actor that is not active accepts no events. */
  statusAcceptsNone: (status: string) => string;
  /** The heading of the event log, with its length. */
  eventsReceived: (count: number) => string;
  /** The button emptying the log. */
  clear: string;
  /** The actor can only be subscribed to: changes are logged without their events. */
  noInspectionApi: string;
  /** The accessible name of the event log. */
  logLabel: (name: string) => string;
  /** The log is empty. */
  noEvents: string;
  /** The accessible name of a log entry's transitions. */
  transitions: string;
  /** The source of a transition defined on the machine itself. */
  machine: string;
  /** The target of a transition that leaves the state as it is. */
  stays: string;
  /** A log entry whose event took no transition. */
  noTransition: string;
  /** The accessible name of a log entry's context changes. */
  contextChanges: string;
  /** The path of a change of the whole context. */
  context: string;
  /** After the shown context changes when there were more. */
  moreChanges: string;
  /** The accessible name of the zoom toolbar, of the diagram named `label`. */
  zoomToolbar: (label: string) => string;
  /** The zoom-out button's accessible name. */
  zoomOut: string;
  /** The zoom-out button's title (with its key). */
  zoomOutTitle: string;
  /** The zoom-in button's accessible name. */
  zoomIn: string;
  /** The zoom-in button's title (with its key). */
  zoomInTitle: string;
  /** The button going back to the opening view. */
  liveState: string;
  /** Its title. */
  liveStateTitle: string;
  /** The fit-to-width button. */
  fitWidth: string;
  /** Its title (with its key). */
  fitWidthTitle: string;
  /** The title of the 1:1 button (with its key). */
  actualSizeTitle: string;
  /** The diagram frame's accessible name: what it shows (`label`) and how to use it. */
  frameLabel: (label: string) => string;
  /** What the diagram frame is, for assistive technology (its `aria-roledescription`). */
  frameRole: string;
}

/** The inspector's English texts, used for every text the `texts` prop leaves out. */
export const INSPECTOR_TEXTS: Readonly<InspectorTexts> = Object.freeze({
  runningActors: 'Running actors',
  actor: 'Actor',
  noActors: 'No running actors to show.',
  statusPrefix: (status: string) => `${status}: `,
  panelLabel: (name: string) => `${name} inspector`,
  nowIn: 'Now in ',
  statusIn: (status: string) => `${status} in `,
  stateSeparator: ' and ',
  diagramFailed: (message: string) => `The diagram could not be drawn: ${message}`,
  renderFailed: (message: string) => `Mermaid could not render the diagram: ${message}`,
  noDiagram: 'This actor does not run a state machine, so there is no diagram.',
  drawing: 'Drawing the diagram…',
  diagramLabel: (name: string) => `State diagram of ${name}`,
  sendAnEvent: 'Send an event',
  acceptedEvents: 'Events the current state accepts',
  sendEvent: (type: string) => `Send ${type}`,
  sendGuardedEvent: (type: string) => `Send ${type} (a guard refuses it without extra fields)`,
  extraFields: 'Extra fields (JSON object, optional)',
  notAnObject: 'Extra fields must be a JSON object, like {"zIndex": 3}.',
  notJson: (message: string) => `Extra fields are not valid JSON: ${message}`,
  actorThrew: (type: string, message: string) => `The actor threw on ${type}: ${message}`,
  guardNote: 'Dashed: a guard refuses the bare event now; it may take it with the right extra fields.',
  acceptsNone: 'The current state accepts no events.',
  statusAcceptsNone: (status: string) => `The actor is ${status}; it accepts no events.`,
  eventsReceived: (count: number) => `Events received (${count})`,
  clear: 'Clear',
  noInspectionApi: 'This actor has no inspection API: changes are logged, their events are not known.',
  logLabel: (name: string) => `Events ${name} received, newest first`,
  noEvents: 'No events yet since the inspector started watching.',
  transitions: 'Transitions',
  machine: '(machine)',
  stays: '(stays)',
  noTransition: 'no transition taken',
  contextChanges: 'Context changes',
  context: '(context)',
  moreChanges: '… more changes not shown',
  zoomToolbar: (label: string) => `Zoom ${label}`,
  zoomOut: 'Zoom out',
  zoomOutTitle: 'Zoom out (−)',
  zoomIn: 'Zoom in',
  zoomInTitle: 'Zoom in (+)',
  liveState: 'Live state',
  liveStateTitle: 'The opening view: readable, on the live state',
  fitWidth: 'Fit width',
  fitWidthTitle: 'Fit to width (0)',
  actualSizeTitle: 'Actual size (1)',
  frameLabel: (label: string) =>
    `${label}. Drag or use the arrow keys to pan; + and − zoom, 0 fits the width. Click a transition to send its event.`,
  frameRole: 'diagram',
});

const FUNCTION: FieldRule = { check: isFunction, expect: 'a function returning a string' };

const TEXT_RULES = Object.fromEntries(
  Object.entries(INSPECTOR_TEXTS).map(([key, value]) => [key, typeof value === 'function' ? FUNCTION : STRING]),
) as FieldRules<Partial<InspectorTexts>>;

const OWNER = 'MachineInspector';

/**
 * The texts to show: `texts` over the English defaults. A text of the wrong type is an InvalidArgumentError
 * naming it (`texts.clear`). A text function that throws or answers anything but a string is reported (the
 * console when `errors` is not given, once per text) and its English default is shown instead, so a bad
 * translation never breaks the inspector.
 */
export function resolveInspectorTexts(texts: Partial<InspectorTexts> | undefined): InspectorTexts {
  if (texts === undefined) return INSPECTOR_TEXTS;
  // Only the known keys, each of its right type; a key given as undefined is left out.
  const given = fieldsOrThrow(OWNER, texts, TEXT_RULES, 'texts');
  const reported = new Set<string>();
  const out: Record<string, unknown> = { ...INSPECTOR_TEXTS };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'function') {
      out[key] = value;
      continue;
    }
    const fallback = INSPECTOR_TEXTS[key as keyof InspectorTexts] as (...args: unknown[]) => string;
    const name = `texts.${key}`;
    out[key] = (...args: unknown[]) => {
      let problem: UserCallbackError | undefined;
      try {
        const text: unknown = (value as (...args: unknown[]) => unknown)(...args);
        if (typeof text === 'string') return text;
        problem = new UserCallbackError(name, undefined, `${name} answered ${describeValue(text)}, not a string`);
      } catch (cause) {
        problem = new UserCallbackError(name, cause);
      }
      if (!reported.has(key)) {
        reported.add(key);
        reportCallbackError(undefined, problem);
      }
      return fallback(...args);
    };
  }
  return out as unknown as InspectorTexts;
}
