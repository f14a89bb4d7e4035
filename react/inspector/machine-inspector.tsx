import { useEffect, useId, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { toMermaid } from '../../machines/diagram/to-mermaid.js';
import type { InspectedActor, Inspector, InspectorLogEntry } from '../../machines/inspector/inspector.js';
import { activeStatePaths } from '../../machines/inspector/accepted-events.js';
import { previewValue } from '../../machines/inspector/preview-value.js';
import { DiagramViewport } from './diagram-viewport.js';
import { INSPECTOR_CSS, themeVariables } from './inspector-styles.js';
import { resolveInspectorTexts } from './inspector-texts.js';
import type { InspectorTexts } from './inspector-texts.js';
import { renderDiagram } from './render-diagram.js';
import type { InspectorTheme } from './render-diagram.js';
import { useInspector } from './use-inspector.js';

export interface MachineInspectorProps {
  /** The actors to show, by the name they are listed under; undefined entries are left out. */
  actors: Readonly<Record<string, AnyActorRef | undefined>>;
  /**
   * The diagram of an actor, by name: a machine (drawn with `toMermaid`) or Mermaid source (the committed
   * docs/machines pages, say). Without one, the machine the actor runs is drawn.
   */
  diagrams?: Readonly<Record<string, AnyStateMachine | string | undefined>>;
  /** 'light' (default) or 'dark': the diagram's and the panel's colours. */
  theme?: InspectorTheme;
  /** An inspector to read from (one that was watching since the app started, say); one is created otherwise. */
  inspector?: Inspector;
  /** Log entries kept per actor (1 to 10,000; 100 by default) when the component creates its inspector. */
  logLimit?: number;
  /** The name shown first; the first actor otherwise. */
  initialActor?: string;
  /**
   * The panel's own texts (a translation, say), over the English `INSPECTOR_TEXTS`; state names, event types
   * and values stay as they are. A text of the wrong type is an InvalidArgumentError naming it; a text function
   * that throws or answers no string is reported and its English text shown instead.
   */
  texts?: Partial<InspectorTexts>;
}

/** A machine's diagram source for `view`: the given one, else its own machine's; undefined when it runs none. */
function sourceFor(machine: unknown, given: AnyStateMachine | string | undefined): { source?: string; error?: string } {
  try {
    if (typeof given === 'string') return { source: given };
    if (given !== undefined) return { source: toMermaid(given) };
    if (machine !== undefined) return { source: toMermaid(machine as AnyStateMachine) };
    return {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A state value as text: `hidden`, or the innermost active paths of a nested or parallel one (`activity.idle, availability.enabled`). */
function stateText(value: unknown): string {
  if (value === undefined) return '—';
  const paths = activeStatePaths(value);
  const innermost = paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)));
  return innermost.length ? innermost.join(', ') : previewValue(value);
}

/** Reads a JSON object of extra event fields; '' is no fields. */
function parsePayload(text: string, t: InspectorTexts): { fields?: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: t.notAnObject };
    return { fields: parsed as Record<string, unknown> };
  } catch (error) {
    return { error: t.notJson(error instanceof Error ? error.message : String(error)) };
  }
}

function LogEntry({ entry, t }: { entry: InspectorLogEntry; t: InspectorTexts }) {
  return (
    <li data-event={entry.eventType}>
      <strong dir="ltr" translate="no">
        #{entry.seq} {entry.eventType}
      </strong>
      {entry.payload ? (
        <span className="exkit-inspector-muted" dir="ltr" translate="no">
          {' '}
          {entry.payload}
        </span>
      ) : null}
      <div dir="ltr" translate="no">
        {stateText(entry.from)} → {stateText(entry.to)}
      </div>
      {entry.transitions.length ? (
        <ul aria-label={t.transitions}>
          {entry.transitions.map((step, i) => (
            <li key={i}>
              {step.source || t.machine} → {step.targets.length ? step.targets.join(', ') : t.stays}
              {step.eventType && step.eventType !== entry.eventType ? (
                <span className="exkit-inspector-muted"> ({step.eventType})</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <div className="exkit-inspector-muted">{t.noTransition}</div>
      )}
      {entry.changes.length ? (
        <ul aria-label={t.contextChanges}>
          {entry.changes.map((c, i) => (
            <li key={i} className={`exkit-inspector-change-${c.kind}`} data-path={c.path}>
              {c.kind === 'added' ? '+' : c.kind === 'removed' ? '−' : '~'} {c.path || t.context}
              {c.kind === 'changed' ? `: ${c.before} → ${c.after}` : c.kind === 'added' ? `: ${c.after}` : `: ${c.before}`}
            </li>
          ))}
          {entry.changesTruncated ? <li className="exkit-inspector-muted">{t.moreChanges}</li> : null}
        </ul>
      ) : null}
    </li>
  );
}

function ActorPanel({
  view,
  inspector,
  given,
  theme,
  t,
}: {
  view: InspectedActor;
  inspector: Inspector;
  given: AnyStateMachine | string | undefined;
  theme: InspectorTheme;
  t: InspectorTexts;
}) {
  const { source, error: sourceError } = useMemo(() => sourceFor(view.machine, given), [view.machine, given]);
  const [svg, setSvg] = useState<{ for: string; svg: string } | undefined>();
  const [rendered, setRendered] = useState<{ for: string; error: string } | undefined>();
  const [payload, setPayload] = useState('');
  const [sendError, setSendError] = useState<string | undefined>();
  const payloadId = useId();
  const key = `${theme}\n${String(source)}`;

  const renderError = rendered?.for === key ? rendered.error : undefined;
  useEffect(() => {
    if (source === undefined) return;
    let current = true;
    renderDiagram(source, theme).then(
      (out) => current && setSvg({ for: key, svg: out }),
      (error: unknown) => current && setRendered({ for: key, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [source, theme, key]);

  const send = (type: string) => {
    const { fields, error } = parsePayload(payload, t);
    if (error !== undefined) {
      setSendError(error);
      return;
    }
    const result = inspector.send(view.name, { ...fields, type });
    setSendError(
      result.ok
        ? undefined
        : t.actorThrew(type, result.error.cause instanceof Error ? result.error.cause.message : String(result.error.cause)),
    );
  };

  const active = view.activeStates.map((path) => path.split('.').join('_'));
  const acceptedTypes = useMemo(() => view.accepted.map((e) => e.type), [view.accepted]);
  const innermost = view.activeStates.filter((path) => !view.activeStates.some((other) => other.startsWith(`${path}.`)));

  return (
    <section
      className="exkit-inspector-main"
      aria-label={t.panelLabel(view.name)}
      data-actor={view.name}
      data-status={view.status}
      data-state={innermost.join(' ')}
    >
      <h3>
        <bdi dir="ltr" translate="no">
          {view.name}
        </bdi>
      </h3>
      <p className="exkit-inspector-state">
        {view.status === 'active' ? t.nowIn : t.statusIn(view.status)}
        {innermost.length ? (
          innermost.flatMap((s, i) => {
            const code = <code key={s}>{s}</code>;
            return i ? [t.stateSeparator, code] : [code];
          })
        ) : (
          <code>{stateText(view.value)}</code>
        )}
        {view.problem ? <span className="exkit-inspector-error"> ({view.problem})</span> : null}
      </p>
      {sourceError ? <p className="exkit-inspector-error">{t.diagramFailed(sourceError)}</p> : null}
      {renderError ? <p className="exkit-inspector-error">{t.renderFailed(renderError)}</p> : null}
      {source === undefined && !sourceError ? <p className="exkit-inspector-muted">{t.noDiagram}</p> : null}
      {svg !== undefined && svg.for === key ? (
        <DiagramViewport
          svg={svg.svg}
          label={t.diagramLabel(view.name)}
          active={active}
          accepted={acceptedTypes}
          onSendEvent={send}
          texts={t}
        />
      ) : source !== undefined && !renderError ? (
        <p className="exkit-inspector-muted" data-loading>
          {t.drawing}
        </p>
      ) : null}
      <div className="exkit-inspector-columns">
        <div>
          <h4>{t.sendAnEvent}</h4>
          {view.accepted.length ? (
            <>
              <ul className="exkit-inspector-events" aria-label={t.acceptedEvents}>
                {view.accepted.map((e) => (
                  <li key={e.type}>
                    <button
                      type="button"
                      data-send={e.type}
                      data-enabled={e.enabled}
                      onClick={() => send(e.type)}
                      title={e.enabled ? t.sendEvent(e.type) : t.sendGuardedEvent(e.type)}
                    >
                      <bdi dir="ltr" translate="no">
                        {e.type}
                      </bdi>
                    </button>
                  </li>
                ))}
              </ul>
              <label htmlFor={payloadId} className="exkit-inspector-muted">
                {t.extraFields}
              </label>
              <textarea
                id={payloadId}
                value={payload}
                onChange={(e) => setPayload(e.target.value)}
                spellCheck={false}
                // JSON reads left to right, also on a right-to-left page.
                dir="ltr"
                placeholder='{"zIndex": 3}'
              />
              {sendError ? (
                <p className="exkit-inspector-error" role="alert">
                  {sendError}
                </p>
              ) : null}
              {view.accepted.some((e) => !e.enabled) ? <p className="exkit-inspector-muted">{t.guardNote}</p> : null}
            </>
          ) : (
            <p className="exkit-inspector-muted">{view.status === 'active' ? t.acceptsNone : t.statusAcceptsNone(view.status)}</p>
          )}
        </div>
        <div>
          <h4>
            {t.eventsReceived(view.log.length)}{' '}
            <button type="button" onClick={() => inspector.clearLog(view.name)} disabled={view.log.length === 0}>
              {t.clear}
            </button>
          </h4>
          {view.recording === 'subscribe' ? <p className="exkit-inspector-muted">{t.noInspectionApi}</p> : null}
          {view.log.length ? (
            <ol className="exkit-inspector-log" aria-label={t.logLabel(view.name)}>
              {[...view.log].reverse().map((entry) => (
                <LogEntry key={entry.seq} entry={entry} t={t} />
              ))}
            </ol>
          ) : (
            <p className="exkit-inspector-muted">{t.noEvents}</p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * A live inspector for running XState actors: each one's state diagram (Mermaid with the ELK layout, pan and
 * zoom) with its current state highlighted, a log of the events it received with the transitions taken and
 * the context changes, and a control sending the events its current state accepts. Mermaid and
 * @mermaid-js/layout-elk are loaded on first render (optional peer dependencies).
 */
export function MachineInspector({ actors, diagrams, theme = 'light', inspector, logLimit, initialActor, texts }: MachineInspectorProps) {
  const t = useMemo(() => resolveInspectorTexts(texts), [texts]);
  // Read once, when the component creates its inspector.
  const { inspector: active, views, problems } = useInspector(actors, inspector, { logLimit });
  const [chosen, setChosen] = useState(initialActor);
  const selected = views.find((v) => v.name === chosen) ?? views[0];
  const selectId = useId();
  const style = themeVariables(theme) as CSSProperties;
  return (
    <div className="exkit-inspector" data-theme={theme} style={style}>
      <style>{INSPECTOR_CSS}</style>
      <div className="exkit-inspector-layout">
        <ul className="exkit-inspector-actors" aria-label={t.runningActors}>
          {views.map((v) => (
            <li key={v.name}>
              <button type="button" aria-current={v === selected} data-actor-button={v.name} onClick={() => setChosen(v.name)}>
                <span dir="ltr" translate="no">
                  {v.name}
                </span>
                <small>
                  {v.status === 'active' ? '' : t.statusPrefix(v.status)}
                  <bdi dir="ltr" translate="no">
                    {stateText(v.value)}
                  </bdi>
                </small>
              </button>
            </li>
          ))}
          {Object.entries(problems).map(([name, message]) => (
            <li key={name} className="exkit-inspector-error">
              {name}: {message}
            </li>
          ))}
        </ul>
        <div>
          <div className="exkit-inspector-main" style={{ paddingBottom: 0 }}>
            <label htmlFor={selectId} className="exkit-inspector-actor-select exkit-inspector-muted">
              {t.actor}
            </label>
            <select
              id={selectId}
              className="exkit-inspector-actor-select"
              // Stryker disable next-line StringLiteral: with no actor there is no option, and a select matching none shows none
              value={selected?.name ?? ''}
              onChange={(e) => setChosen(e.target.value)}
            >
              {views.map((v) => (
                <option key={v.name} value={v.name}>
                  {v.name}: {stateText(v.value)}
                </option>
              ))}
            </select>
          </div>
          {selected ? (
            <ActorPanel key={selected.name} view={selected} inspector={active} given={diagrams?.[selected.name]} theme={theme} t={t} />
          ) : (
            <p className="exkit-inspector-main exkit-inspector-muted">{t.noActors}</p>
          )}
        </div>
      </div>
    </div>
  );
}
